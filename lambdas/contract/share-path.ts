// Apart from sharing.ts's schemas: every course view names its share's page, and importing this from
// sharing.ts made the courses, lessons and tutor bundles build all of sharing.ts's zod schemas at their
// cold start (zod calls are not free of side effects, so esbuild keeps a used file whole).

/** The SPA's page for a share, on the site's own origin. */
export const sharePath = (shareId: string) => `/compartido/${shareId}`;
