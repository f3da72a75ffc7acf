import { call, signUp } from '../support/api';

describe('the learner profile', () => {
  it('starts on the free plan with no interests', async () => {
    const { tokens, user } = await signUp('Julia');
    const me = await call('GET', '/users/me', { token: tokens.accessToken });
    expect(me.body).toEqual({
      success: true,
      data: { id: user.id, email: user.email, nombre: 'Julia', plan: { nombre: 'gratuito' }, intereses: [], bio: '', createdAt: expect.any(String) },
    });
  });

  it('updates nombre, intereses and bio, keeping interests unique regardless of case', async () => {
    const { tokens } = await signUp();
    const res = await call('PUT', '/users/profile', {
      token: tokens.accessToken,
      body: { nombre: '  Julia Martín ', intereses: ['Programación', 'programación', 'Historia'], bio: 'Aprendo cada día.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Perfil actualizado', data: { nombre: 'Julia Martín', intereses: ['Programación', 'Historia'], bio: 'Aprendo cada día.' } });
    expect((await call('GET', '/users/me', { token: tokens.accessToken })).body.data).toEqual(res.body.data);
  });

  it('keeps the chosen nombre when the learner signs in again', async () => {
    const { tokens, email } = await signUp('Original');
    await call('PUT', '/users/profile', { token: tokens.accessToken, body: { nombre: 'Elegido' } });
    const login = await call('POST', '/auth/login', { body: { email, password: 'Aprender2025' } });
    expect(login.body.user.nombre).toBe('Elegido');
  });

  it('asks for at least one field', async () => {
    const { tokens } = await signUp();
    const res = await call('PUT', '/users/profile', { token: tokens.accessToken, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/al menos un dato/);
  });

  it('only ever touches the caller\'s own profile', async () => {
    const a = await signUp('Ana');
    const b = await signUp('Bruno');
    // Nothing in the request names a learner: the id comes from the verified token alone.
    await call('PUT', '/users/profile', { token: a.tokens.accessToken, body: { nombre: 'Ana B.' } });
    expect((await call('GET', '/users/me', { token: b.tokens.accessToken })).body.data.nombre).toBe('Bruno');
    const sneaky = await call('PUT', '/users/profile', { token: a.tokens.accessToken, body: { id: b.user.id, nombre: 'X' } });
    expect(sneaky.status).toBe(400);
    expect((await call('GET', '/users/me', { token: b.tokens.accessToken })).body.data.nombre).toBe('Bruno');
  });
});
