import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

describe('registering, confirming and signing in against the local stack', () => {
  it('takes a learner from register to /users/me, refresh and logout', async () => {
    const email = uniqueEmail();
    const reg = await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Lucía Pérez' } });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({
      success: true,
      user: { id: expect.any(String), email, nombre: 'Lucía Pérez' },
      sessionid: expect.any(String),
      message: expect.stringContaining(email),
    });

    // Not signed in yet: no tokens until the code is confirmed.
    expect(reg.body.tokens).toBeUndefined();
    const [mail] = await mailFor(email);
    expect(mail.code).toMatch(/^\d{6}$/);

    const conf = await call('POST', '/auth/confirm', {
      body: { username: reg.body.user.id, code: mail.code, email, sessionId: reg.body.sessionid },
    });
    expect(conf.status).toBe(200);
    expect(conf.body.success).toBe(true);
    expect(conf.body.user).toMatchObject({ id: reg.body.user.id, email, nombre: 'Lucía Pérez', plan: { nombre: 'gratuito' } });
    expect(conf.body.tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      idToken: expect.any(String),
      expiresIn: expect.any(Number),
    });

    const me = await call('GET', '/users/me', { token: conf.body.tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: reg.body.user.id, email, nombre: 'Lucía Pérez', plan: { nombre: 'gratuito' } });

    const refreshed = await call('POST', '/auth/refresh', { body: { refreshToken: conf.body.tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tokens.accessToken).toEqual(expect.any(String));
    expect((await call('GET', '/users/me', { token: refreshed.body.tokens.accessToken })).status).toBe(200);

    const out = await call('POST', '/auth/logout', { body: { refreshToken: conf.body.tokens.refreshToken } });
    expect(out.status).toBe(200);
    const again = await call('POST', '/auth/refresh', { body: { refreshToken: conf.body.tokens.refreshToken } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ success: false, message: expect.stringMatching(/sesión/) });
  });

  it('signs in with email and password and answers with user, message and tokens', async () => {
    const { email, user } = await signUp('Mateo');
    const login = await call('POST', '/auth/login', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ success: true, user, message: expect.any(String), tokens: expect.objectContaining({ accessToken: expect.any(String) }) });
  });

  it('refuses a wrong password in Spanish', async () => {
    const { email } = await signUp();
    const login = await call('POST', '/auth/login', { body: { email, password: 'Otra-Clave99' } });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ success: false, message: 'Correo o contraseña incorrectos.' });
  });

  it('does not say whether an unknown email exists', async () => {
    const login = await call('POST', '/auth/login', { body: { email: uniqueEmail('ghost'), password: PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Correo o contraseña incorrectos.');
  });

  it('refuses to sign in before the code is confirmed', async () => {
    const email = uniqueEmail();
    await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Ana' } });
    const login = await call('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/no está confirmada/);
  });

  it('makes no second account with the same email, and answers as for a new one (issue 31)', async () => {
    const { email, user } = await signUp();
    const dup = await call('POST', '/auth/register', { body: { email, password: 'Otra-Clave99', nombre: 'Otra' } });
    expect(dup).toEqual({ status: 201, body: { success: true, user: { id: expect.any(String), email, nombre: 'Otra' }, sessionid: expect.any(String), message: expect.stringContaining(email) } });
    expect(dup.body.user.id).not.toBe(user.id);
    expect((await call('POST', '/auth/login', { body: { email, password: 'Otra-Clave99' } })).status).toBe(401);
  });

  it('refuses a wrong code and still accepts the right one afterwards', async () => {
    const email = uniqueEmail();
    const reg = await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Ana' } });
    const [mail] = await mailFor(email);
    const wrong = mail.code === '000000' ? '111111' : '000000';
    const bad = await call('POST', '/auth/confirm', { body: { username: reg.body.user.id, code: wrong, email, sessionId: reg.body.sessionid } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'Error código inválido' });
    // A failed confirmation leaves the account unconfirmed.
    expect((await call('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(403);
    const good = await call('POST', '/auth/confirm', { body: { username: reg.body.user.id, code: mail.code, email, sessionId: reg.body.sessionid } });
    expect(good.status).toBe(200);
    expect(good.body.tokens.accessToken).toEqual(expect.any(String));
  });

  it('never answers a confirmation for someone else\'s user id', async () => {
    const email = uniqueEmail();
    const reg = await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre: 'Ana' } });
    const [mail] = await mailFor(email);
    const other = await signUp();
    const conf = await call('POST', '/auth/confirm', { body: { username: other.user.id, code: mail.code, email, sessionId: reg.body.sessionid } });
    expect(conf.status).toBe(400);
    expect(conf.body.tokens).toBeUndefined();
  });
});
