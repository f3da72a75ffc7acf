import { CONTACT_SENT, CONTACT_TOO_MANY } from '../../lambdas/contract';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { learner, mailFor, PASSWORD, registered, uniqueEmail } from '../support/learners';

// The auth routes are public: no 401 case. Each success runs against the local Cognito.
export const cases: GroupCases = {
  'POST /auth/register': {
    badBody: { body: { email: 'no-es-un-correo', password: PASSWORD, nombre: 'Ana' }, message: 'El correo electrónico no es válido' },
    success: [
      'creates an unconfirmed account and mails its code',
      async () => {
        const email = uniqueEmail();
        const res = await invoke('POST /auth/register', { body: { email, password: PASSWORD, nombre: 'Ana' } });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ success: true, user: { email, nombre: 'Ana' }, message: `Te enviamos un código de verificación a ${email}.` });
      },
    ],
  },
  'POST /auth/confirm': {
    badBody: { body: { username: 'u', code: '12', email: 'ana@example.com' }, message: 'El código debe tener 6 dígitos' },
    success: [
      'confirms the account with the mailed code and signs the learner in',
      async () => {
        const reg = await registered('Ana');
        const res = await invoke('POST /auth/confirm', { body: { username: reg.userId, code: reg.code, email: reg.email, sessionId: reg.sessionId } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, user: { id: reg.userId, nombre: 'Ana' }, message: 'Cuenta confirmada. ¡Bienvenido a Mentora!' });
        expect(res.body.tokens.accessToken).toEqual(expect.any(String));
      },
    ],
  },
  'POST /auth/login': {
    badBody: { body: { email: 'ana@example.com' }, message: 'La contraseña es obligatoria' },
    success: [
      'signs a confirmed learner in with email and password',
      async () => {
        const { email, userId } = await learner('Bruno');
        const res = await invoke('POST /auth/login', { body: { email, password: PASSWORD } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, user: { id: userId }, message: '¡Hola de nuevo, Bruno!' });
      },
    ],
  },
  'POST /auth/refresh': {
    badBody: { body: {}, message: 'El token de actualización es obligatorio' },
    success: [
      'gives new tokens for a refresh token',
      async () => {
        const { tokens } = await learner();
        const res = await invoke('POST /auth/refresh', { body: { refreshToken: tokens.refreshToken } });
        expect(res.status).toBe(200);
        expect(res.body.tokens.accessToken).toEqual(expect.any(String));
      },
    ],
  },
  'POST /auth/logout': {
    badBody: { body: { refreshToken: 42 }, message: 'El token de actualización es obligatorio' },
    success: [
      'revokes the refresh token, which then refreshes nothing',
      async () => {
        const { tokens } = await learner();
        const res = await invoke('POST /auth/logout', { body: { refreshToken: tokens.refreshToken } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Sesión cerrada' } });
        expect((await invoke('POST /auth/refresh', { body: { refreshToken: tokens.refreshToken } })).status).toBe(401);
      },
    ],
  },
  'POST /auth/loginsocial': {
    badBody: { body: {}, message: 'Envía el token de inicio de sesión social' },
    success: [
      'signs in with an access token of the user pool',
      async () => {
        const { tokens, userId } = await learner('Carla');
        const res = await invoke('POST /auth/loginsocial', { body: { token: tokens.accessToken } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, user: { id: userId } });
      },
    ],
  },
  'POST /auth/forgot-password': {
    badBody: { body: { email: 'no-es-un-correo' }, message: 'El correo electrónico no es válido' },
    success: [
      'mails a code to a learner, and answers an unknown address the same',
      async () => {
        const { email } = await learner();
        const known = await invoke('POST /auth/forgot-password', { body: { email } });
        const unknown = await invoke('POST /auth/forgot-password', { body: { email: uniqueEmail('nadie') } });
        expect(known).toMatchObject({ status: 200, body: { success: true, message: expect.stringMatching(/^Si existe una cuenta/) } });
        expect(unknown.body).toEqual(known.body);
        expect(await mailFor(email)).toHaveLength(2);
      },
    ],
  },
  'POST /auth/contacto': {
    badBody: { body: { nombre: 'Ana', email: 'ana@example.com', motivo: 'duda', mensaje: 'Hola' }, message: 'El mensaje debe tener al menos 10 caracteres' },
    success: [
      'mails the message to the operators, three an hour per address, and a robot goes nowhere',
      async () => {
        const email = uniqueEmail('contacto');
        const body = { nombre: 'Ana Ruiz', email, motivo: 'pagos', mensaje: `No encuentro mi factura de noviembre (${email}).` };
        const sent = await invoke('POST /auth/contacto', { body });
        expect(sent).toMatchObject({ status: 200, body: { success: true, message: CONTACT_SENT } });
        const [mail] = (await mailFor('operadores@mentora.local')) as unknown as { subject: string; body?: string }[];
        expect(mail.subject).toBe('[Mentora] Pagos y facturación: Ana Ruiz');
        expect(mail.body).toContain(`De: Ana Ruiz <${email}>`);
        expect(mail.body).toContain(body.mensaje);
        expect((await invoke('POST /auth/contacto', { body })).status).toBe(200);
        expect((await invoke('POST /auth/contacto', { body })).status).toBe(200);
        expect(await invoke('POST /auth/contacto', { body })).toMatchObject({ status: 429, body: { success: false, message: CONTACT_TOO_MANY } });
        const robot = await invoke('POST /auth/contacto', { body: { ...body, email: uniqueEmail('robot'), web: 'https://spam.example' } });
        expect(robot.body).toEqual(sent.body);
        const mails = (await mailFor('operadores@mentora.local')) as unknown as { body?: string }[];
        expect(mails.filter((m) => m.body?.includes(email))).toHaveLength(3);
        expect(mails.some((m) => m.body?.includes('robot.'))).toBe(false);
      },
    ],
  },
  'POST /auth/reset-password': {
    badBody: { body: { email: 'ana@example.com', code: '123456', password: 'corta' }, message: 'La contraseña debe tener al menos 8 caracteres' },
    success: [
      'sets the new password with the mailed code and signs the learner in',
      async () => {
        const { email, userId } = await learner('Rosa');
        await invoke('POST /auth/forgot-password', { body: { email } });
        const [mail] = await mailFor(email);
        const res = await invoke('POST /auth/reset-password', { body: { email, code: mail.code, password: 'Otra-Clave2026' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, user: { id: userId }, message: 'Contraseña actualizada. ¡Hola de nuevo!' } });
        expect((await invoke('POST /auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
      },
    ],
  },
  'POST /auth/resend-code': {
    badBody: { body: {}, message: 'El correo electrónico es obligatorio' },
    success: [
      'mails a new confirmation code that confirms the account',
      async () => {
        const reg = await registered('Tomás');
        const res = await invoke('POST /auth/resend-code', { body: { email: reg.email } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: expect.stringMatching(/código nuevo/) } });
        const [mail] = await mailFor(reg.email);
        expect(mail.code).not.toBe(reg.code);
        const login = await invoke('POST /auth/login', { body: { email: reg.email, password: PASSWORD, code: mail.code } });
        expect(login).toMatchObject({ status: 200, body: { user: { id: reg.userId, nombre: 'Tomás' } } });
      },
    ],
  },
};
