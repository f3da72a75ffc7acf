// The public module of web/src/features/aulas (issue 25): the router lazy-loads its pages; the LMS registrations'
// page (features/lti) asks before a deletion with the same inline confirmation.
export { ConfirmBox } from './confirm-box';
