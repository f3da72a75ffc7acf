// The public module of lambdas/certificates: what other rooms may use. Anything not listed here is private to the room.
export { certificatesAfterEvaluation, certificatesAfterProgress } from './hooks';
export { revokeCertificates } from './revoke';
// The aulas' teacher view reads a member's course certificate by its pointer's key (issue 25).
export { pointerKey } from './certificate-items';
