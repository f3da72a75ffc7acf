// Apart from social.ts's schemas: the course model and the social room compare topics at every
// request, and importing this from social.ts made every bundle that does build all of social.ts's zod
// schemas at its cold start (zod calls are not free of side effects, so esbuild keeps a used file whole).

/**
 * The one way topics are compared: lower case, accents removed, trimmed, inner spaces collapsed.
 * "  Programación  Web" and "programacion web" are the same topic.
 */
export const normalizeTopic = (topic: string) =>
  topic
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
