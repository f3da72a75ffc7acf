// The public module of web/src/features/dashboard: nothing yet. Its pages are reached through the router
// (app/), which lazy-loads them by path; no other feature imports this one.
export {};
