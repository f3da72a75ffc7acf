// The lti room's door (issue 45, docs/lti.md). No other room uses it: the lti room calls the auth room (the
// one-time sign-in), the aulas room (an LMS course's aula) and user-profile through their doors, never the
// other way round.
export {};
