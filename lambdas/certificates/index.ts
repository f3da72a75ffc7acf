// The public module of lambdas/certificates: what other rooms may use. Anything not listed here is private to the room.
export { certificatesAfterEvaluation, certificatesAfterProgress } from './hooks';
export { revokeCertificates } from './revoke';
