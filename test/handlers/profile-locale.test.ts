import { invoke } from '../support/invoke';
import { learner } from '../support/learners';

// Issue 33 item 3: the learner's country and form of address live in the profile and the lesson and
// tutor prompts follow them. A value outside the lists is a Spanish 400 that changes nothing.

it('refuses a country or a form of address outside the lists, in Spanish, and keeps the profile as it was', async () => {
  const { userId } = await learner();
  for (const pais of ['XX', 'es', 'España', '', 34]) {
    const res = await invoke('PUT /users/profile', { userId, body: { pais } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Ese país no está en la lista: elige uno de los que ofrecemos' } });
  }
  for (const tratamiento of ['vosotros', 'Tú', 'tú', '', true]) {
    const res = await invoke('PUT /users/profile', { userId, body: { tratamiento, pais: 'MX' } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'El trato no es válido: elige tú, usted o vos' } });
  }
  const me = (await invoke('GET /users/me', { userId })).body.data;
  expect(me).not.toHaveProperty('pais');
  expect(me).not.toHaveProperty('tratamiento');
});

it('keeps the country and the form of address and answers them with the learner', async () => {
  const { userId } = await learner();
  expect(await invoke('PUT /users/profile', { userId, body: { pais: 'AR', tratamiento: 'vos' } })).toMatchObject({ status: 200, body: { data: { pais: 'AR', tratamiento: 'vos' } } });
  expect(await invoke('PUT /users/profile', { userId, body: { tratamiento: 'usted' } })).toMatchObject({ status: 200, body: { data: { pais: 'AR', tratamiento: 'usted' } } });
  expect((await invoke('GET /users/me', { userId })).body.data).toMatchObject({ pais: 'AR', tratamiento: 'usted' });
});
