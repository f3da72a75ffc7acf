import { call, signUp } from '../support/api';
import { learner, search, setProfile, social, uniqueTopic } from './support';

// Privacy by default (GDPR art. 25): nobody appears in the community before choosing to, and a
// learner who hides their profile is hidden everywhere another learner looks, connection lists too.

describe('privacy by default', () => {
  it('keeps a new learner out of the community until they choose to show their profile', async () => {
    const topic = uniqueTopic('Cerámica');
    const { tokens, user } = await signUp('Nueva');
    const me = await call('GET', '/users/me', { token: tokens.accessToken });
    expect(me.body.data.perfilPublico).toBeUndefined();
    await call('PUT', '/users/profile', { token: tokens.accessToken, body: { intereses: [topic] } });
    const seeker = await learner('Sergio', [topic]);
    expect((await search(seeker, topic)).body.data.items).toEqual([]);
    expect((await social('GET', '/social/users', seeker.token)).body.data.items).toEqual([]);
    expect(await social('POST', '/social/connections', seeker.token, { userId: user.id })).toMatchObject({ status: 404, body: { message: 'No encontramos a esa persona en la comunidad.' } });

    const shown = await call('PUT', '/users/profile', { token: tokens.accessToken, body: { perfilPublico: true } });
    expect(shown.body.data.perfilPublico).toBe(true);
    expect((await search(seeker, topic)).body.data.items.map((c: { userId: string }) => c.userId)).toEqual([user.id]);
  });

  it('shows a learner who hid their profile as "Perfil oculto" in connection lists, still removable', async () => {
    const topic = uniqueTopic('Cestería');
    const ana = await learner('Ana', [topic]);
    const bruno = await learner('Bruno', [topic]);
    await social('POST', '/social/connections', ana.token, { userId: bruno.id });
    await social('POST', `/social/connections/${ana.id}/accept`, bruno.token);
    await setProfile(ana, { perfilPublico: false });
    const [entry] = (await social('GET', '/social/connections', bruno.token)).body.data.conexiones;
    expect(entry.perfil).toEqual({
      userId: ana.id, nombre: 'Perfil oculto', alias: expect.stringMatching(/^perfil-oculto-[a-z2-9]{4}$/), intereses: [], temas: [], cursos: 0, leccionesCompletadas: 0, miembroDesde: '',
    });
    expect((await social('DELETE', `/social/connections/${ana.id}`, bruno.token)).body.message).toBe('Conexión eliminada.');
  });
});
