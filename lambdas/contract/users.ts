import * as z from 'zod';
import { text } from './common';
import { narrationVoice } from './narration-voices';
import { addressForm, country } from './learner-locale';

// The users routes' requests. The learner as the SPA sees it and the answers are in account-views.ts: a
// Lambda bundle builds a contract file whole once it uses anything of it, and never parses an answer.
export type { AccountExport, User } from './account-views';

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

/** PUT /users/courses/{id}/visibility: whether this course's topic appears on the public profile. */
export const courseVisibilityRequest = z.object({ publico: z.boolean({ error: 'Indica si el tema del curso es público (verdadero o falso)' }) }).strict();
export type CourseVisibilityRequest = z.infer<typeof courseVisibilityRequest>;
