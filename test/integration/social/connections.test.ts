import { call } from '../support/api';
import { learner, setProfile, social, uniqueTopic, type Learner } from './support';

const send = (from: Learner, to: Learner | string) => social('POST', '/social/connections', from.token, { userId: typeof to === 'string' ? to : to.id });
const act = (who: Learner, other: Learner, action: 'accept' | 'decline') => social('POST', `/social/connections/${other.id}/${action}`, who.token);
const remove = (who: Learner, other: Learner) => social('DELETE', `/social/connections/${other.id}`, who.token);
async function lists(who: Learner) {
  const res = await social('GET', '/social/connections', who.token);
  expect(res.status).toBe(200);
  const idsOf = (k: string) => (res.body.data[k] as { perfil: { userId: string } }[]).map((e) => e.perfil.userId);
  return { recibidas: idsOf('recibidas'), enviadas: idsOf('enviadas'), conexiones: idsOf('conexiones') };
}
const pair = async () => {
  const topic = uniqueTopic('Idiomas');
  return [await learner('Ana', [topic]), await learner('Bruno', [topic])] as const;
};

describe('connection requests', () => {
  it('sends a pending request that each side sees from their own side', async () => {
    const [ana, bruno] = await pair();
    const res = await send(ana, bruno);
    expect(res).toMatchObject({ status: 201, body: { success: true, data: { userId: bruno.id, estado: 'pendiente' }, message: 'Solicitud enviada.' } });
    expect(await lists(ana)).toEqual({ recibidas: [], enviadas: [bruno.id], conexiones: [] });
    expect(await lists(bruno)).toEqual({ recibidas: [ana.id], enviadas: [], conexiones: [] });
    const [entry] = (await social('GET', '/social/connections', bruno.token)).body.data.recibidas;
    expect(entry.perfil).toMatchObject({ userId: ana.id, nombre: 'Ana' });
  });

  it('keeps one request when it is sent twice', async () => {
    const [ana, bruno] = await pair();
    await send(ana, bruno);
    const again = await send(ana, bruno);
    expect(again).toMatchObject({ status: 200, body: { data: { estado: 'pendiente' }, message: 'Ya enviaste una solicitud a esta persona.' } });
    expect(await lists(bruno)).toEqual({ recibidas: [ana.id], enviadas: [], conexiones: [] });
  });

  it('connects both when the receiver sends a request back', async () => {
    const [ana, bruno] = await pair();
    await send(ana, bruno);
    expect((await send(bruno, ana)).body.data.estado).toBe('conectado');
    expect(await lists(ana)).toEqual({ recibidas: [], enviadas: [], conexiones: [bruno.id] });
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [ana.id] });
  });

  it('accepting connects both; accepting again changes nothing', async () => {
    const [ana, bruno] = await pair();
    await send(ana, bruno);
    expect((await act(bruno, ana, 'accept')).body).toMatchObject({ data: { estado: 'conectado' }, message: 'Solicitud aceptada: ahora tienes conexión con esta persona.' });
    expect((await act(bruno, ana, 'accept')).status).toBe(200);
    expect(await lists(ana)).toEqual({ recibidas: [], enviadas: [], conexiones: [bruno.id] });
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [ana.id] });
    expect((await send(ana, bruno)).body.data.estado).toBe('conectado');
  });

  it('only the learner a request was sent to can accept it', async () => {
    const [ana, bruno] = await pair();
    const carla = await learner('Carla');
    await send(ana, bruno);
    const stranger = await act(carla, ana, 'accept');
    expect(stranger).toMatchObject({ status: 404, body: { success: false, message: 'No tienes ninguna solicitud pendiente de esta persona.' } });
    expect((await act(ana, bruno, 'accept')).status).toBe(404);
    expect(await lists(bruno)).toEqual({ recibidas: [ana.id], enviadas: [], conexiones: [] });
    expect(await lists(carla)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
  });

  it('declining removes the request from both sides', async () => {
    const [ana, bruno] = await pair();
    await send(ana, bruno);
    expect((await act(bruno, ana, 'decline')).body).toMatchObject({ data: { estado: 'ninguna' }, message: 'Solicitud rechazada.' });
    expect(await lists(ana)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
    expect((await act(bruno, ana, 'decline')).status).toBe(404);
  });

  it('the sender can withdraw a request, and either side can end a connection', async () => {
    const [ana, bruno] = await pair();
    await send(ana, bruno);
    expect((await remove(ana, bruno)).body.message).toBe('Solicitud retirada.');
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
    await send(ana, bruno);
    await act(bruno, ana, 'accept');
    expect((await remove(bruno, ana)).body.message).toBe('Conexión eliminada.');
    expect(await lists(ana)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
    expect((await remove(bruno, ana)).status).toBe(404);
  });

  it('refuses a request to oneself (400), to an unknown learner or to a hidden one (404), in Spanish', async () => {
    const [ana, bruno] = await pair();
    expect(await send(ana, ana)).toMatchObject({ status: 400, body: { message: 'No puedes enviarte una solicitud de conexión a ti mismo.' } });
    expect(await send(ana, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { message: 'No encontramos a esa persona en la comunidad.' } });
    await setProfile(bruno, { perfilPublico: false });
    expect((await send(ana, bruno)).status).toBe(404);
    expect((await send(ana, 'no/valido')).status).toBe(400);
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
  });

  it('allows a limited number of new requests per day (429 after that)', async () => {
    const [ana, bruno] = await pair();
    // Sending and withdrawing again and again is exactly the spam the limit is for.
    for (let i = 0; i < 20; i++) {
      expect((await send(ana, bruno)).status).toBe(201);
      await remove(ana, bruno);
    }
    const refused = await send(ana, bruno);
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: expect.stringMatching(/límite de 20 solicitudes/) } });
    expect(await lists(bruno)).toEqual({ recibidas: [], enviadas: [], conexiones: [] });
  });

  it('a repeated request does not count against the limit', async () => {
    const [ana, bruno] = await pair();
    for (let i = 0; i < 25; i++) expect((await send(ana, bruno)).status).toBe(i === 0 ? 201 : 200);
  });

  it('shows each learner the state of their relation on search cards', async () => {
    const topic = uniqueTopic('Cerámica');
    const ana = await learner('Ana', [topic]);
    const bruno = await learner('Bruno', [topic]);
    await send(ana, bruno);
    const fromAna = await social('GET', `/social/users/search?topic=${encodeURIComponent(topic)}`, ana.token);
    const fromBruno = await social('GET', `/social/users/search?topic=${encodeURIComponent(topic)}`, bruno.token);
    expect(fromAna.body.data.items[0]).toMatchObject({ userId: bruno.id, conexion: 'enviada' });
    expect(fromBruno.body.data.items[0]).toMatchObject({ userId: ana.id, conexion: 'recibida' });
  });

  it('validates the body and needs a session', async () => {
    const [ana] = await pair();
    expect((await social('POST', '/social/connections', ana.token, {})).body.message).toMatch(/La persona es obligatoria/);
    expect((await social('POST', '/social/connections', ana.token, { userId: 'x', extra: 1 })).status).toBe(400);
    expect((await call('POST', '/social/connections', { body: { userId: 'x' } })).status).toBe(401);
  });
});
