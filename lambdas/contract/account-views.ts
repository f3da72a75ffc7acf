import * as z from 'zod';
import { narrationVoice } from './narration-voices';
import { addressForm, country } from './learner-locale';

// What the auth and users routes answer: the learner as the SPA sees it, the tokens, each success body.
// Apart from their requests (auth.ts, users.ts) because a Lambda bundle builds a contract file whole as
// soon as it uses anything of it (lambdas/contract/package.json: only common.ts has a side effect), and a
// Lambda never parses its own answers (tests check them, lambdas/shared/reply-check.ts): the users and auth
// functions no longer build these schemas at every cold start (issue 35, docs/architecture.md "Cold init").

export const plan = z.object({ nombre: z.enum(['gratuito', 'premium']) });

/** The learner as the SPA sees it (SPEC §3 User). */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  plan,
  intereses: z.array(z.string()),
  bio: z.string(),
  createdAt: z.string(),
  /**
   * Shown to other learners in the community (social) only when `true`: absent means the learner
   * has not chosen yet (the SPA then offers the choice) and counts as hidden.
   */
  perfilPublico: z.boolean().optional(),
  /** Course id → topic, for the courses whose topic the learner shows on their public profile (each course's own switch). */
  temasPublicos: z.record(z.string(), z.string()).optional(),
  /** The Polly voice lessons and the tutor are read in (issue 26); absent: DEFAULT_NARRATION_VOICE. */
  voz: narrationVoice.optional(),
  /** Issue 33: the learner's country (ISO code) and form of address, followed by lessons and the tutor; absent: not chosen. */
  pais: country.optional(),
  tratamiento: addressForm.optional(),
});
export type User = z.infer<typeof user>;

export const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  idToken: z.string(),
  expiresIn: z.number().int().positive(),
});
export type Tokens = z.infer<typeof tokens>;

export const loginResponse = z.object({ success: z.literal(true), user, message: z.string(), tokens });
export const registerResponse = z.object({
  success: z.literal(true),
  user: z.object({ id: z.string(), email: z.string(), nombre: z.string() }),
  sessionid: z.string().nullable(),
  message: z.string(),
});
export const confirmResponse = z.object({ success: z.literal(true), user, tokens, message: z.string() });
export const refreshResponse = z.object({ success: z.literal(true), tokens });
export const socialLoginResponse = z.object({ success: z.literal(true), user, tokens: tokens.optional() });

export const meResponse = z.object({ success: z.literal(true), data: user });
export const updateProfileResponse = z.object({ success: z.literal(true), data: user, message: z.string() });
export const deleteAccountResponse = z.object({ success: z.literal(true), message: z.string() });
export const courseVisibilityResponse = z.object({ success: z.literal(true), data: user, message: z.string() });

/** GET /users/me/export: everything the learner's account holds, as one JSON document. */
export const accountExportResponse = z.object({
  success: z.literal(true),
  data: z.object({
    formato: z.string(),
    exportadoEn: z.string(),
    cuenta: z.record(z.string(), z.unknown()),
    datos: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  }),
});
export type AccountExport = z.infer<typeof accountExportResponse>['data'];
