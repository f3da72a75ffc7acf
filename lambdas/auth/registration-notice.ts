// Issue 31, item 6: POST /auth/register answers a taken address exactly as a new one, so the
// address's owner is told by mail instead. The mail goes through Cognito (the pool's own sender, or
// SES when configured): a ForgotPassword (or, for an account never confirmed, a
// ResendConfirmationCode) carrying NOTICE_METADATA, whose text the pool's CustomMessage trigger
// (pre-sign-up.ts's handler, the same Lambda) replaces with this notice. The code it carries is a
// real one: it lets the owner choose a new password (or confirm the account) if it was them.

/** The client metadata that marks a code request as the "someone tried to register" notice. */
export const NOTICE_METADATA = { aviso: 'registro-con-correo-existente' } as const;

export const NOTICE_SUBJECT = 'Alguien intentó crear una cuenta de Mentora con tu correo';

/** The trigger's request as Cognito sends it (and cognito-local's trigger service too). */
export interface CustomMessageRequest {
  triggerSource: string;
  codeParameter?: string;
  clientMetadata?: Record<string, string>;
}

/** The notice's subject and body for a marked code request; undefined leaves Cognito's own message. */
export function registrationNotice(req: CustomMessageRequest): { emailSubject: string; emailMessage: string } | undefined {
  if (req.clientMetadata?.aviso !== NOTICE_METADATA.aviso) return undefined;
  const code = req.codeParameter ?? '{####}';
  const unconfirmed = req.triggerSource === 'CustomMessage_ResendCode';
  if (!unconfirmed && req.triggerSource !== 'CustomMessage_ForgotPassword') return undefined;
  const ifYou = unconfirmed
    ? `Si fuiste tú, tu cuenta aún no está confirmada: confírmala con este código: <strong>${code}</strong>.`
    : `Si fuiste tú, ya tienes cuenta: inicia sesión con tu contraseña. Si no la recuerdas, este código te permite elegir una nueva: <strong>${code}</strong>.`;
  return {
    emailSubject: NOTICE_SUBJECT,
    emailMessage:
      '<p>¡Hola!</p><p>Alguien ha intentado crear una cuenta de Mentora con este correo, que ya tiene una. No hemos cambiado ' +
      `nada en tu cuenta.</p><p>${ifYou}</p><p>Si no fuiste tú, ignora este correo: nadie puede entrar en tu cuenta sin tu contraseña.</p>`,
  };
}
