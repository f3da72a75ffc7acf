import * as z from 'zod';
import { text } from './common';

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
  /** Shown to other learners in the community (social); absent means yes. */
  perfilPublico: z.boolean().optional(),
});
export type User = z.infer<typeof user>;

export const topic = text('Cada interés', 60);

export const updateProfileRequest = z
  .object({
    nombre: text('El nombre', 80).optional(),
    intereses: z.array(topic).max(20, 'Puedes indicar como máximo 20 intereses').optional(),
    bio: z.string({ error: 'La biografía debe ser texto' }).trim().max(500, 'La biografía no puede superar 500 caracteres').optional(),
    perfilPublico: z.boolean({ error: 'perfilPublico debe ser verdadero o falso' }).optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'Indica al menos un dato del perfil que quieras cambiar');
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const meResponse = z.object({ success: z.literal(true), data: user });
export const updateProfileResponse = z.object({ success: z.literal(true), data: user, message: z.string() });
