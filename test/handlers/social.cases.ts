import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';

// Learners find each other by the interests of their public profiles (PUT /users/profile).
let n = 0;
/** A topic no other test uses, so results hold only this test's learners. */
const uniqueTopic = (base: string) => `${base} ${Date.now().toString(36)}${(n++).toString(36)}`;

async function learnerInterestedIn(nombre: string, topic: string) {
  const who = await learner(nombre);
  const res = await invoke('PUT /users/profile', { userId: who.userId, body: { intereses: [topic], perfilPublico: true } });
  if (res.status !== 200) throw new Error(`profile answered ${res.status}: ${JSON.stringify(res.body)}`);
  return who.userId;
}

/** Two learners sharing a topic; with `requested`, the first has sent the second a request. */
async function pair(requested = false) {
  const topic = uniqueTopic('Idiomas');
  const ana = await learnerInterestedIn('Ana', topic);
  const bruno = await learnerInterestedIn('Bruno', topic);
  if (requested) await invoke('POST /social/connections', { userId: ana, body: { userId: bruno } });
  return { ana, bruno, topic };
}

const userIds = (items: { userId: string }[]) => items.map((i) => i.userId);

export const cases: GroupCases = {
  'GET /social/users': {
    success: [
      'suggests learners who share an interest',
      async () => {
        const { ana, bruno } = await pair();
        const res = await invoke('GET /social/users', { userId: ana });
        expect(res.status).toBe(200);
        expect(userIds(res.body.data.items)).toContain(bruno);
      },
    ],
  },
  'GET /social/users/search': {
    success: [
      'finds the learners interested in a topic, not the one searching',
      async () => {
        const { ana, bruno, topic } = await pair();
        const res = await invoke('GET /social/users/search', { userId: ana, query: { topic } });
        expect(res.status).toBe(200);
        expect(userIds(res.body.data.items)).toEqual([bruno]);
      },
    ],
  },
  'POST /social/connections': {
    badBody: { body: { userId: '' }, message: 'La persona es obligatoria' },
    success: [
      'sends a pending connection request',
      async () => {
        const { ana, bruno } = await pair();
        const res = await invoke('POST /social/connections', { userId: ana, body: { userId: bruno } });
        expect(res).toMatchObject({ status: 201, body: { success: true, data: { userId: bruno, estado: 'pendiente' }, message: 'Solicitud enviada.' } });
      },
    ],
  },
  'GET /social/connections': {
    success: [
      'lists a received request on the receiving side',
      async () => {
        const { ana, bruno } = await pair(true);
        const res = await invoke('GET /social/connections', { userId: bruno });
        expect(res.status).toBe(200);
        expect(res.body.data.recibidas.map((e: { perfil: { userId: string } }) => e.perfil.userId)).toEqual([ana]);
      },
    ],
  },
  'POST /social/connections/{userId}/accept': {
    success: [
      'connects both learners when the receiver accepts',
      async () => {
        const { ana, bruno } = await pair(true);
        const res = await invoke('POST /social/connections/{userId}/accept', { userId: bruno, params: { userId: ana } });
        expect(res).toMatchObject({ status: 200, body: { data: { estado: 'conectado' }, message: 'Solicitud aceptada: ahora tienes conexión con esta persona.' } });
      },
    ],
  },
  'POST /social/connections/{userId}/decline': {
    success: [
      'drops the request when the receiver declines',
      async () => {
        const { ana, bruno } = await pair(true);
        const res = await invoke('POST /social/connections/{userId}/decline', { userId: bruno, params: { userId: ana } });
        expect(res).toMatchObject({ status: 200, body: { data: { estado: 'ninguna' }, message: 'Solicitud rechazada.' } });
      },
    ],
  },
  'DELETE /social/connections/{userId}': {
    success: [
      'withdraws a request the learner sent',
      async () => {
        const { ana, bruno } = await pair(true);
        const res = await invoke('DELETE /social/connections/{userId}', { userId: ana, params: { userId: bruno } });
        expect(res).toMatchObject({ status: 200, body: { message: 'Solicitud retirada.' } });
        expect((await invoke('GET /social/connections', { userId: bruno })).body.data.recibidas).toEqual([]);
      },
    ],
  },
};
