// The public module of web/src/features/aulas (issue 25): no other room uses it; the router lazy-loads its pages.
export {};
