import * as z from 'zod';
import { email, text } from './common';

// The contact form (issue 34 item 10): anyone, signed in or not, writes to the operators from /contacto.
// The message is kept in the table and published to the operators' topic, which mails them (locally:
// the mailbox at /__local/mail). docs/support.md.

export const CONTACT_REASONS = {
  duda: 'Una duda sobre cómo usar Mentora',
  problema: 'Algo no funciona',
  pagos: 'Pagos y facturación',
  privacidad: 'Mis datos y mi privacidad',
  docentes: 'Aulas y docentes',
  otro: 'Otro tema',
} as const;
export type ContactReason = keyof typeof CONTACT_REASONS;

export const CONTACT_LIMITS = {
  messageMax: 4000,
  /** Messages one address may send in an hour: enough for a person, too few for a flood. */
  perAddressPerHour: 3,
} as const;

export const contactRequest = z
  .object({
    nombre: text('El nombre', 80, 2),
    email,
    motivo: z.enum(Object.keys(CONTACT_REASONS) as [ContactReason, ...ContactReason[]], { error: 'Elige el motivo de tu mensaje' }),
    mensaje: text('El mensaje', CONTACT_LIMITS.messageMax, 10),
    /** Left empty by people: a field hidden from them that form-filling robots fill in. */
    web: z.string().max(200).optional(),
  })
  .strict();
export type ContactRequest = z.infer<typeof contactRequest>;

export const CONTACT_SENT = 'Hemos recibido tu mensaje. Te responderemos en tu correo, normalmente en dos días laborables.';
export const CONTACT_TOO_MANY = 'Ya nos has escrito varias veces en la última hora. Te responderemos pronto; si hace falta, vuelve a escribir más tarde.';
