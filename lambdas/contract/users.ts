import * as z from 'zod';
import { text } from './common';
import { narrationVoice } from './narration-voices';
import { addressForm, country } from './learner-locale';

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

export const topic = text('Cada interés', 60);

export const updateProfileRequest = z
  .object({
    nombre: text('El nombre', 80).optional(),
    intereses: z.array(topic).max(20, 'Puedes indicar como máximo 20 intereses').optional(),
    bio: z.string({ error: 'La biografía debe ser texto' }).trim().max(500, 'La biografía no puede superar 500 caracteres').optional(),
    perfilPublico: z.boolean({ error: 'perfilPublico debe ser verdadero o falso' }).optional(),
    voz: narrationVoice.optional(),
    pais: country.optional(),
    tratamiento: addressForm.optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'Indica al menos un dato del perfil que quieras cambiar');
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const meResponse = z.object({ success: z.literal(true), data: user });
export const updateProfileResponse = z.object({ success: z.literal(true), data: user, message: z.string() });

/** DELETE /users/me: the account's email, typed by the learner, confirms the deletion. */
export const deleteAccountRequest = z
  .object({
    confirmacion: z
      .string({ error: 'Escribe el correo de tu cuenta para confirmar' })
      .trim()
      .min(1, 'Escribe el correo de tu cuenta para confirmar')
      .max(320, 'El correo no coincide con el de tu cuenta'),
  })
  .strict();
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export const deleteAccountResponse = z.object({ success: z.literal(true), message: z.string() });

/** PUT /users/courses/{id}/visibility: whether this course's topic appears on the public profile. */
export const courseVisibilityRequest = z.object({ publico: z.boolean({ error: 'Indica si el tema del curso es público (verdadero o falso)' }) }).strict();
export type CourseVisibilityRequest = z.infer<typeof courseVisibilityRequest>;
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
