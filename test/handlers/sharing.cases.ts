import { randomUUID } from 'node:crypto';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner, startedCourse } from '../support/learners';

// Sharing a course by link (issue 25, docs/sharing.md), called in process against DynamoDB Local.
// The attacker first: a stranger can neither share nor withdraw my course, a guessed or withdrawn
// link is the same Spanish 404, and refusals change nothing.

const GONE = { status: 404, body: { success: false, message: 'Este enlace ya no está disponible.' } };
const NO_COURSE = { status: 404, body: { success: false, message: 'No encontramos ese curso.' } };

/** A learner with a finished course they shared. */
export async function sharedCourse() {
  const owner = await learner('Olga Dueña');
  const { courseId } = await generatedCourse(owner.userId);
  const res = await invoke('POST /courses/{id}/share', { userId: owner.userId, params: { id: courseId } });
  if (res.status !== 200) throw new Error(`share answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { owner, courseId, shareId: res.body.data.shareId as string };
}

const detail = async (userId: string, id: string) => (await invoke('GET /courses/{id}', { userId, params: { id } })).body.data;

export const refusals: [string, () => Promise<void>][] = [
  [
    'another learner cannot share or withdraw my course: 404, and it stays as it was',
    async () => {
      const { owner, courseId, shareId } = await sharedCourse();
      const stranger = randomUUID();
      expect(await invoke('POST /courses/{id}/share', { userId: stranger, params: { id: courseId } })).toMatchObject(NO_COURSE);
      expect(await invoke('DELETE /courses/{id}/share', { userId: stranger, params: { id: courseId } })).toMatchObject(NO_COURSE);
      expect((await detail(owner.userId, courseId)).compartido).toEqual({ shareId, url: `/compartido/${shareId}`, copias: 0 });
      expect((await invoke('GET /compartidos/{shareId}', { params: { shareId } })).status).toBe(200);
    },
  ],
  [
    'a guessed link, a malformed one and a withdrawn one are the same 404',
    async () => {
      const { owner, courseId, shareId } = await sharedCourse();
      const guessed = Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
      for (const id of [guessed, 'abc', `${shareId.slice(0, 21)}*`]) expect(await invoke('GET /compartidos/{shareId}', { params: { shareId: id } })).toMatchObject(GONE);
      await invoke('DELETE /courses/{id}/share', { userId: owner.userId, params: { id: courseId } });
      expect(await invoke('GET /compartidos/{shareId}', { params: { shareId } })).toMatchObject(GONE);
      expect(await invoke('POST /compartidos/{shareId}/copy', { userId: (await learner()).userId, params: { shareId } })).toMatchObject(GONE);
    },
  ],
  [
    'a course still being written cannot be shared (409), and nothing is published',
    async () => {
      const { userId } = await learner();
      const { courseId } = await startedCourse(userId);
      const res = await invoke('POST /courses/{id}/share', { userId, params: { id: courseId } });
      expect(res).toMatchObject({ status: 409, body: { success: false, message: 'Solo puedes compartir un curso terminado. Espera a que termine de generarse.' } });
    },
  ],
  [
    'the owner copying their own link is refused (409); a second copy by the same learner too',
    async () => {
      const { owner, shareId } = await sharedCourse();
      expect(await invoke('POST /compartidos/{shareId}/copy', { userId: owner.userId, params: { shareId } })).toMatchObject({ status: 409, body: { message: 'Este curso ya es tuyo: lo encuentras en Mis Cursos.' } });
      const reader = await learner();
      expect((await invoke('POST /compartidos/{shareId}/copy', { userId: reader.userId, params: { shareId } })).status).toBe(201);
      expect(await invoke('POST /compartidos/{shareId}/copy', { userId: reader.userId, params: { shareId } })).toMatchObject({ status: 409, body: { message: 'Ya copiaste este curso: lo encuentras en Mis Cursos.' } });
      const mine = (await invoke('GET /courses/my-courses', { userId: reader.userId })).body.data as unknown[];
      expect(mine).toHaveLength(1);
    },
  ],
];

export const cases: GroupCases = {
  'POST /courses/{id}/share': {
    success: [
      'publishes a finished course under an unguessable link, the same one when asked again',
      async () => {
        const { owner, courseId, shareId } = await sharedCourse();
        expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
        const again = await invoke('POST /courses/{id}/share', { userId: owner.userId, params: { id: courseId } });
        expect(again).toMatchObject({ status: 200, body: { success: true, data: { shareId, url: `/compartido/${shareId}`, copias: 0 } } });
        expect((await detail(owner.userId, courseId)).compartido).toEqual({ shareId, url: `/compartido/${shareId}`, copias: 0 });
      },
    ],
  },
  'DELETE /courses/{id}/share': {
    success: [
      'withdraws the link: the course view no longer carries it and publishing again gives a new one',
      async () => {
        const { owner, courseId, shareId } = await sharedCourse();
        const res = await invoke('DELETE /courses/{id}/share', { userId: owner.userId, params: { id: courseId } });
        expect(res).toMatchObject({ status: 200, body: { success: true } });
        expect((await detail(owner.userId, courseId)).compartido).toBeUndefined();
        const again = await invoke('POST /courses/{id}/share', { userId: owner.userId, params: { id: courseId } });
        expect(again.body.data.shareId).not.toBe(shareId);
      },
    ],
  },
  'GET /compartidos/{shareId}': {
    success: [
      'answers anyone the outline and lessons, noindex, with nothing of the owner',
      async () => {
        const { owner, courseId, shareId } = await sharedCourse();
        const res = await invoke('GET /compartidos/{shareId}', { params: { shareId } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { shareId, nivel: 'principiante', totalLecciones: 4 } } });
        expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(res.body.data.modulos[0].lecciones[0].contenido.length).toBeGreaterThan(100);
        const json = JSON.stringify(res.body);
        for (const secret of [owner.userId, owner.email, 'Olga', courseId]) expect(json).not.toContain(secret);
        for (const field of ['correcta', 'respuesta', 'preguntas', 'evaluacion', 'progreso', 'userId', 'email', 'nombre', 'uso', 'tokens', 'jobId']) {
          expect(json).not.toContain(`"${field}`);
        }
      },
    ],
  },
  'POST /compartidos/{shareId}/copy': {
    success: [
      "copies the course into the caller's courses, listo, its own progress at zero, and counts the copy for the owner",
      async () => {
        const { owner, courseId, shareId } = await sharedCourse();
        const reader = await learner();
        const res = await invoke('POST /compartidos/{shareId}/copy', { userId: reader.userId, params: { shareId } });
        expect(res).toMatchObject({ status: 201, body: { success: true, curso: { estado: 'listo', progreso: { completadas: 0, total: 4 } } } });
        const copy = await detail(reader.userId, res.body.curso.courseId);
        expect(copy.modulos.flatMap((m: { lecciones: { estado: string }[] }) => m.lecciones.map((l) => l.estado))).toEqual(['lista', 'lista', 'lista', 'lista']);
        expect(copy.modulos.map((m: { evaluacion: { estado: string } }) => m.evaluacion.estado)).toEqual(['pendiente', 'pendiente']);
        expect(copy.uso).toMatchObject({ tokensEntrada: 0, tokensSalida: 0, costeEstimadoUSD: 0 });
        expect(copy.compartido).toBeUndefined();
        expect((await detail(owner.userId, courseId)).compartido.copias).toBe(1);
      },
    ],
  },
};
