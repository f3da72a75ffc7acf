// The public module of web/src/features/certificates: what other rooms may use. Anything not listed here is private to the room.
export { announceCertificates, listenForCertificates } from './announce';
export { MyCertificates } from './my-certificates';
export { certificatesChanged, useCourseCertificates } from './use-course-certificates';
