// The public module of web/src/features/sharing (issue 25, docs/sharing.md): what other rooms may use.
// The public page (shared-page.tsx) is lazy-loaded by web/src/app/routes.tsx, not through this door.
export { ShareControl } from './share-control';
