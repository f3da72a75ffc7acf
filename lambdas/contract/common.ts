import * as z from 'zod';
import { es } from 'zod/locales';

// Every message a learner can see is Spanish: zod's own messages come from its Spanish locale,
// and the fields people type get hand-written ones. `jitless`: zod would otherwise compile a parser
// with `new Function` for each object schema on its first parse, which a Lambda pays on every cold
// start to parse a request or two; the interpreted parse answers the same.
z.config({ ...es(), jitless: true });

/** Requests are small JSON documents: anything bigger is refused before it is parsed. */
export const MAX_BODY_BYTES = 64 * 1024;

export const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} es obligatorio` })
    .trim()
    .min(min, min === 1 ? `${label} es obligatorio` : `${label} debe tener al menos ${min} caracteres`)
    .max(max, `${label} no puede superar ${max} caracteres`);

export const email = z
  .string({ error: 'El correo electrónico es obligatorio' })
  .trim()
  .toLowerCase()
  .max(254, 'El correo electrónico es demasiado largo')
  .pipe(z.email({ error: 'El correo electrónico no es válido' }));

/** The user pool's password policy (infra/aws/auth.ts sets the same numbers). */
export const PASSWORD_POLICY = { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true };

export const password = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(PASSWORD_POLICY.minLength, `La contraseña debe tener al menos ${PASSWORD_POLICY.minLength} caracteres`)
  .max(256, 'La contraseña es demasiado larga')
  .regex(/[a-z]/, 'La contraseña debe incluir una letra minúscula')
  .regex(/[A-Z]/, 'La contraseña debe incluir una letra mayúscula')
  .regex(/[0-9]/, 'La contraseña debe incluir un número');

/** "La lección es obligatoria", "El curso es obligatorio": the adjective agrees with the label's article. */
const agree = (label: string, masculine: string) => (label.startsWith('La ') ? masculine.replace(/o$/, 'a') : masculine);

/** Opaque tokens (JWTs, Cognito sessions): bounded so a 10 MB string never reaches a service. */
export const token = (label: string) =>
  z
    .string({ error: `${label} es ${agree(label, 'obligatorio')}` })
    .min(1, `${label} es ${agree(label, 'obligatorio')}`)
    .max(8192, `${label} no es ${agree(label, 'válido')}`);

export const id = (label: string) =>
  z
    .string({ error: `${label} es ${agree(label, 'obligatorio')}` })
    .min(1, `${label} es ${agree(label, 'obligatorio')}`)
    .max(128, `${label} no es ${agree(label, 'válido')}`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} no es ${agree(label, 'válido')}`);

/** The shape of every id the server mints with randomUUID (courses, jobs). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id the server minted as a UUID: anything else is refused (400) before any read. */
export const uuidId = (label: string) => id(label).regex(UUID_PATTERN, `${label} no es ${agree(label, 'válido')}`);

/** Every answer shares this envelope; routes add the fields the SPEC names. */
export const failure = z.object({ success: z.literal(false), message: z.string() });
export type Failure = z.infer<typeof failure>;
