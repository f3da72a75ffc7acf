import * as z from 'zod';
import { email, id, password, text, token } from './common';

// The auth routes' requests; their answers (and the tokens) are in account-views.ts (users.ts says why).
export type { Tokens } from './account-views';

const code = z.string({ error: 'El código es obligatorio' }).trim().regex(/^\d{6}$/, 'El código debe tener 6 dígitos');
const currentPassword = z.string({ error: 'La contraseña es obligatoria' }).min(1, 'La contraseña es obligatoria').max(256, 'La contraseña es demasiado larga');

/**
 * `code` is sent only by the code step of /login: an account that was never confirmed is
 * confirmed with it and signed in with the password just typed (issue 14, item 2).
 */
export const loginRequest = z.object({ email, password: currentPassword, code: code.optional() }).strict();
export const registerRequest = z.object({ email, password, nombre: text('El nombre', 80) }).strict();
export const confirmRequest = z
  .object({
    username: id('El usuario'),
    code,
    email,
    sessionId: token('La sesión').optional(),
  })
  .strict();
export const refreshRequest = z.object({ refreshToken: token('El token de actualización') }).strict();
export const logoutRequest = z.object({ refreshToken: token('El token de actualización').nullish() }).strict();

/** Password recovery and confirmation codes (issue 14): an email, then the code and the new password. */
export const forgotPasswordRequest = z.object({ email }).strict();
export const resetPasswordRequest = z.object({ email, code, password }).strict();
export const resendCodeRequest = z.object({ email }).strict();
/** POST /users/password: the current password and the new one, which must follow the policy. */
export const changePasswordRequest = z.object({ actual: currentPassword, nueva: password }).strict();

/** SPEC §3: either the access token alone (`token`) or the whole set from the Hosted UI. */
export const socialLoginRequest = z.union([
  z.object({ token: token('El token') }).strict(),
  z
    .object({
      accessToken: token('El token de acceso'),
      idToken: token('El token de identidad'),
      refreshToken: token('El token de actualización').nullish(),
      expiresIn: z.number().int().positive().max(86400).optional(),
    })
    .strict(),
], { error: 'Envía el token de inicio de sesión social' });

export type LoginRequest = z.infer<typeof loginRequest>;
export type RegisterRequest = z.infer<typeof registerRequest>;
export type ConfirmRequest = z.infer<typeof confirmRequest>;
export type SocialLoginRequest = z.infer<typeof socialLoginRequest>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
