// The lti room's door (issue 45, docs/lti.md). The lti room calls the auth room (the one-time sign-in), the aulas
// room (an LMS course's aula) and user-profile through their doors, never the other way round; the users room
// calls it only to delete a deleted account's LMS identities (forget-identities.ts).
export { forgetLtiIdentities } from './forget-identities';
