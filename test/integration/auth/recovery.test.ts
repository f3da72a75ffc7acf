import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

describe('forgot password, through the gateway and the local Cognito', () => {
  it('mails a code, takes it with a new password, and the learner signs in with that one only', async () => {
    const { email, user } = await signUp('Marta');
    const sent = await call('POST', '/auth/forgot-password', { body: { email } });
    expect(sent).toEqual({ status: 200, body: { success: true, message: expect.stringMatching(/^Si existe una cuenta con ese correo/) } });
    const [mail] = await mailFor(email);

    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call('POST', '/auth/reset-password', { body: { email, code: wrong, password: 'Nueva-Clave1' } });
    expect(bad).toEqual({ status: 400, body: { success: false, message: 'Error código inválido' } });

    const reset = await call('POST', '/auth/reset-password', { body: { email, code: mail.code, password: 'Nueva-Clave1' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ success: true, user: { id: user.id, nombre: 'Marta' }, tokens: { accessToken: expect.any(String) } });
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'Nueva-Clave1' } })).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const { email } = await signUp();
    const nobody = uniqueEmail('nadie');
    const known = await call('POST', '/auth/forgot-password', { body: { email } });
    const unknown = await call('POST', '/auth/forgot-password', { body: { email: nobody } });
    expect(unknown).toEqual(known);
    expect(await mailFor(nobody)).toEqual([]);
    const reset = await call('POST', '/auth/reset-password', { body: { email: nobody, code: '123456', password: 'Nueva-Clave1' } });
    expect(reset).toEqual({ status: 400, body: { success: false, message: 'Error código inválido' } });
  });

  it('refuses a weak new password with the policy, in Spanish, and changes nothing', async () => {
    const { email } = await signUp();
    await call('POST', '/auth/forgot-password', { body: { email } });
    const [mail] = await mailFor(email);
    const weak = await call('POST', '/auth/reset-password', { body: { email, code: mail.code, password: 'solominusculas1' } });
    expect(weak).toEqual({ status: 400, body: { success: false, message: 'La contraseña debe incluir una letra mayúscula' } });
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('a new confirmation code', () => {
  it('is mailed to an unconfirmed account; /auth/login with it confirms and signs in', async () => {
    const email = uniqueEmail();
    await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Iker' } });
    const [first] = await mailFor(email);
    const again = await call('POST', '/auth/resend-code', { body: { email } });
    expect(again).toEqual({ status: 200, body: { success: true, message: expect.stringMatching(/código nuevo/) } });
    const [second] = await mailFor(email);
    expect(second.code).not.toBe(first.code);

    const unconfirmed = await call('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(unconfirmed.status).toBe(403);
    const signedIn = await call('POST', '/auth/login', { body: { email, password: PASSWORD, code: second.code } });
    expect(signedIn).toMatchObject({ status: 200, body: { success: true, user: { nombre: 'Iker' } } });
  });

  it('is limited per account: past the hourly allowance no more mail goes out, and the answer does not change (issue 20)', async () => {
    const email = uniqueEmail();
    await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Nora' } });
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await call('POST', '/auth/resend-code', { body: { email } })).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // The sign-up's code and the five the allowance permits.
    expect(await mailFor(email)).toHaveLength(6);
  });
});

describe('POST /users/password', () => {
  it('changes the password with the current one; a wrong current one changes nothing', async () => {
    const { email, tokens } = await signUp();
    const wrong = await call('POST', '/users/password', { token: tokens.accessToken, body: { actual: 'Otra-Cosa99', nueva: 'Cambiada-2026' } });
    expect(wrong).toEqual({ status: 400, body: { success: false, message: 'La contraseña actual no es correcta.' } });
    const weak = await call('POST', '/users/password', { token: tokens.accessToken, body: { actual: PASSWORD, nueva: 'corta' } });
    expect(weak).toEqual({ status: 400, body: { success: false, message: 'La contraseña debe tener al menos 8 caracteres' } });
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);

    const done = await call('POST', '/users/password', { token: tokens.accessToken, body: { actual: PASSWORD, nueva: 'Cambiada-2026' } });
    expect(done).toEqual({ status: 200, body: { success: true, message: 'Contraseña actualizada. Cerramos la sesión en tus otros dispositivos.', tokens: expect.objectContaining({ accessToken: expect.any(String) }) } });
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'Cambiada-2026' } })).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/users/password', { body: { actual: PASSWORD, nueva: 'Cambiada-2026' } })).status).toBe(401);
  });
});
