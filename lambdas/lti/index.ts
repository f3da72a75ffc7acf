// The lti room's door (issue 45, docs/lti.md). No other room uses it yet: when a launch lands a person in an
// aula, the lti room will call the aulas room through a port it declares, never the other way round.
export {};
