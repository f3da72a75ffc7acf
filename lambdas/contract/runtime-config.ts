import * as z from 'zod';

/**
 * `/config.json`, read by the SPA at start so one build serves every environment.
 * The CDK deployment writes it from the stack's outputs; the local stack serves it.
 * It holds identifiers only, never a secret.
 */
export const runtimeConfig = z.object({
  /** Base URL of the API: `/api` on the same origin everywhere. */
  apiUrl: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Cognito Hosted UI domain as Amplify wants it: host[:port], no scheme (Amplify adds https). */
  oauthDomain: z.string(),
  /** Where the Hosted UI returns to: the site's own origin plus `/`. */
  redirectUrl: z.string(),
  /** Identity providers offered as buttons, named as in the user pool. */
  socialProviders: z.array(z.enum(['Google', 'Microsoft'])),
  /** `local` on `npm start`, else the deployment stage. */
  stage: z.string(),
  /**
   * Demonstration mode only (`npm start` on the offline writer): the topics written whole by the team, which the
   * course form offers (issue 42: only the README named them). Absent wherever a real model writes.
   */
  demostracion: z
    .object({ destacados: z.array(z.object({ tema: z.string(), nivel: z.enum(['principiante', 'intermedio', 'avanzado']), titulo: z.string() })) })
    .optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
