import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

// Issue 34: two connections send each other courses. A course travels as its share link
// (docs/sharing.md), so the receiver copies it by the one copy path there is. The attacker first:
// only a connected pair may send or list, only one's own course can be sent, guessed ids and bad
// input are refused in Spanish and change nothing, and the same send at once is one item.

const NOT_CONNECTED_SEND = { status: 403, body: { success: false, message: 'Solo puedes enviar cursos a tus conexiones.' } };
const NOT_CONNECTED_LIST = { status: 403, body: { success: false, message: 'Solo puedes ver los cursos que compartes con tus conexiones.' } };
const NO_COURSE = { status: 404, body: { success: false, message: 'No encontramos ese curso.' } };

async function visible(nombre: string) {
  const who = await learner(nombre);
  const res = await invoke('PUT /users/profile', { userId: who.userId, body: { intereses: ['Historia'], perfilPublico: true } });
  if (res.status !== 200) throw new Error(`profile answered ${res.status}: ${JSON.stringify(res.body)}`);
  return who.userId;
}

/** Ana and Bruno, connected; Ana has a finished course. */
async function connectedPair() {
  const [ana, bruno] = await Promise.all([visible('Ana'), visible('Bruno')]);
  await invoke('POST /social/connections', { userId: ana, body: { userId: bruno } });
  const accepted = await invoke('POST /social/connections/{userId}/accept', { userId: bruno, params: { userId: ana } });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
  const { courseId } = await generatedCourse(ana);
  return { ana, bruno, courseId };
}

/** The courses sent to a learner, read straight from their partition. */
const receivedItems = async (userId: string) =>
  (await documentClient().send(new QueryCommand({
    TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'CURSOREC#' }, ConsistentRead: true,
  }))).Items ?? [];

const send = (from: string, to: string, body: unknown) => invoke('POST /social/connections/{userId}/courses', { userId: from, params: { userId: to }, body });
const list = (me: string, other: string) => invoke('GET /social/connections/{userId}/courses', { userId: me, params: { userId: other } });
const shared = async (userId: string, id: string) => (await invoke('GET /courses/{id}', { userId, params: { id } })).body.data.compartido;

let pair: ReturnType<typeof connectedPair> | undefined;
/** One connected pair for the refusals, which change nothing (each test checks that it did not). */
const refusalPair = () => (pair ??= connectedPair());

export const refusals: [string, () => Promise<void>][] = [
  [
    'a stranger and a pending request can neither send nor list: the same 403, nothing published or written',
    async () => {
      const { ana, courseId } = await refusalPair();
      const [stranger, asked] = await Promise.all([visible('Extraña'), visible('Pendiente')]);
      await invoke('POST /social/connections', { userId: ana, body: { userId: asked } });
      for (const other of [stranger, asked, randomUUID()]) {
        expect(await send(ana, other, { courseId })).toMatchObject(NOT_CONNECTED_SEND);
        expect(await send(other, ana, { courseId })).toMatchObject(NOT_CONNECTED_SEND);
        expect(await list(other, ana)).toMatchObject(NOT_CONNECTED_LIST);
        expect(await list(ana, other)).toMatchObject(NOT_CONNECTED_LIST);
      }
      expect(await shared(ana, courseId)).toBeUndefined();
    },
  ],
  [
    "nobody can send another learner's course, nor a guessed id: 404, and that course stays unpublished",
    async () => {
      const { ana, bruno } = await refusalPair();
      const carla = await visible('Carla');
      const { courseId: carlas } = await generatedCourse(carla);
      expect(await send(ana, bruno, { courseId: carlas })).toMatchObject(NO_COURSE);
      expect(await send(ana, bruno, { courseId: randomUUID() })).toMatchObject(NO_COURSE);
      expect(await shared(carla, carlas)).toBeUndefined();
      expect((await list(bruno, ana)).body.data).toEqual({ recibidos: [], enviados: [] });
    },
  ],
  [
    'bad input is a Spanish 400 and changes nothing',
    async () => {
      const { ana, bruno, courseId } = await refusalPair();
      const cases: [unknown, string, string][] = [
        [{}, bruno, 'El curso es obligatorio'],
        [{ courseId: 'curso-1' }, bruno, 'El curso no es válido'],
        [{ courseId, extra: true }, bruno, 'Campo no permitido: extra'],
        [{ courseId }, 'USER#x', 'La persona no es válida'],
        [{ courseId }, ana, 'No puedes enviarte un curso a ti mismo.'],
      ];
      for (const [body, to, message] of cases) {
        expect(await send(ana, to, body)).toMatchObject({ status: 400, body: { success: false, message } });
      }
      expect(await list(ana, 'USER#x')).toMatchObject({ status: 400, body: { message: 'La persona no es válida' } });
      expect(await shared(ana, courseId)).toBeUndefined();
      expect((await list(bruno, ana)).body.data).toEqual({ recibidos: [], enviados: [] });
    },
  ],
  [
    'the same send 20 times at once is one item, one link and one 201',
    async () => {
      const { ana, bruno, courseId } = await connectedPair();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(ana, bruno, { courseId })));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
      const { shareId } = await shared(ana, courseId);
      expect(new Set(answers.map((a) => a.body.data.shareId))).toEqual(new Set([shareId]));
      const { recibidos } = (await list(bruno, ana)).body.data;
      expect(recibidos).toHaveLength(1);
      expect((await invoke('GET /social/connections', { userId: bruno })).body.data.conexiones[0].cursosRecibidos).toBe(1);
    },
  ],
  [
    'once the connection ends, neither can send or list',
    async () => {
      const { ana, bruno, courseId } = await connectedPair();
      expect((await send(ana, bruno, { courseId })).status).toBe(201);
      await invoke('DELETE /social/connections/{userId}', { userId: bruno, params: { userId: ana } });
      expect(await send(ana, bruno, { courseId })).toMatchObject(NOT_CONNECTED_SEND);
      expect(await list(bruno, ana)).toMatchObject(NOT_CONNECTED_LIST);
      expect(await list(ana, bruno)).toMatchObject(NOT_CONNECTED_LIST);
    },
  ],
  [
    "deleting the sender's account deletes what they sent from their connections' partitions",
    async () => {
      const { ana, bruno, courseId } = await connectedPair();
      expect((await send(ana, bruno, { courseId })).status).toBe(201);
      expect(await receivedItems(bruno)).toHaveLength(1);
      const email = (await invoke('GET /users/me', { userId: ana })).body.data.email as string;
      expect((await invoke('DELETE /users/me', { userId: ana, body: { confirmacion: email } })).status).toBe(200);
      expect(await receivedItems(bruno)).toEqual([]);
    },
  ],
];

export const cases: GroupCases = {
  'POST /social/connections/{userId}/courses': {
    badBody: { body: { courseId: 'no-es-un-curso' }, message: 'El curso no es válido' },
    success: [
      "sends one of the learner's courses to a connection as its share link",
      async () => {
        const { ana, bruno, courseId } = await connectedPair();
        const res = await send(ana, bruno, { courseId });
        expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Curso enviado. Tu conexión lo verá en la comunidad y podrá copiarlo.' } });
        const { shareId } = await shared(ana, courseId);
        expect(res.body.data).toMatchObject({ shareId, url: `/compartido/${shareId}`, disponible: true });
        expect(JSON.stringify(res.body)).not.toContain(courseId);
        expect(await send(ana, bruno, { courseId })).toMatchObject({ status: 200, body: { message: 'Ya le habías enviado este curso.' } });
      },
    ],
  },
  'GET /social/connections/{userId}/courses': {
    success: [
      'lists what each sent the other; the receiver copies by the share link and sees their copy',
      async () => {
        const { ana, bruno, courseId } = await connectedPair();
        const sent = await send(ana, bruno, { courseId });
        const { shareId, titulo } = sent.body.data;
        expect(titulo.length).toBeGreaterThan(0);
        expect((await list(ana, bruno)).body.data).toMatchObject({ recibidos: [], enviados: [{ shareId, titulo, disponible: true }] });
        const copy = await invoke('POST /compartidos/{shareId}/copy', { userId: bruno, params: { shareId } });
        expect(copy.status).toBe(201);
        const theirs = await list(bruno, ana);
        expect(theirs).toMatchObject({ status: 200, body: { data: { enviados: [], recibidos: [{ shareId, titulo, disponible: true, copia: copy.body.curso.courseId }] } } });
        expect(JSON.stringify(theirs.body)).not.toContain(courseId);
        // Withdrawn by its owner: still listed, no longer available.
        await invoke('DELETE /courses/{id}/share', { userId: ana, params: { id: courseId } });
        expect((await list(bruno, ana)).body.data.recibidos[0].disponible).toBe(false);
      },
    ],
  },
};
