import { randomUUID } from 'node:crypto';
import type { CourseItem, JobItem } from '../../../lambdas/course-model/course-items';
import { dynamoCourseStore } from '../../../lambdas/course-model/course-store';
import { table } from '../payments/support';
import { call, signUp } from '../support/api';

// Issue 13: GET /courses/my-courses answers a page (limit, default 50) and an opaque cursor for the
// next one. Walking the cursors gives every course of the learner once, newest first, and never
// another learner's; a cursor that is not one of the learner's own is a 400 in Spanish.

const subOf = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub;
const BAD_CURSOR = 'El cursor de la lista no es válido. Vuelve a cargar la lista desde el principio.';

/** `n` courses written as POST /courses/plan writes them (no generation runs), one minute apart. */
async function coursesOf(userId: string, n: number) {
  const { db, name } = table();
  const store = dynamoCourseStore(db, name);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const courseId = randomUUID();
    const jobId = randomUUID();
    const course: CourseItem = {
      courseId, userId, jobId, topic: `Tema ${i}`, nivel: 'principiante', titulo: `Tema ${i}`, descripcion: '', objetivos: [],
      estado: 'listo', modo: 'ia', solicitud: { modulos: 2, leccionesPorModulo: 2 }, modulos: [], totalLecciones: 4, completadas: 0,
      tokensEntrada: 0, tokensSalida: 0, versionesPrompt: {}, createdAt: at, updatedAt: at,
    };
    const job: JobItem = { jobId, courseId, userId, status: 'completado', step: 'completado', done: 8, total: 8, createdAt: at, updatedAt: at };
    await store.create(course, job);
    ids.push(courseId);
  }
  return ids.reverse(); // newest first
}

let a: { token: string; ids: string[] };
let b: { token: string; ids: string[] };
beforeAll(async () => {
  const [ana, beto] = await Promise.all([signUp('Ana'), signUp('Beto')]);
  a = { token: ana.tokens.accessToken, ids: await coursesOf(subOf(ana.tokens.accessToken), 7) };
  b = { token: beto.tokens.accessToken, ids: await coursesOf(subOf(beto.tokens.accessToken), 3) };
}, 60_000);

const page = (token: string, query = '') => call('GET', `/courses/my-courses${query}`, { token });

it("walks every one of the learner's courses once, newest first, three at a time", async () => {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const res = await page(a.token, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    sizes.push(res.body.data.length);
    seen.push(...res.body.data.map((c: { courseId: string }) => c.courseId));
    cursor = res.body.next;
  } while (cursor);
  expect(seen).toEqual(a.ids);
  expect(sizes.slice(0, 3)).toEqual([3, 3, 1]);
  expect(seen.filter((id) => b.ids.includes(id))).toEqual([]);
});

it('answers the whole list in one page by default, with no cursor', async () => {
  const res = await page(a.token);
  expect(res.body.data.map((c: { courseId: string }) => c.courseId)).toEqual(a.ids);
  expect(res.body.next).toBeUndefined();
});

it("refuses another learner's cursor, a made-up one and a bad limit, in Spanish", async () => {
  const theirs = (await page(b.token, '?limit=1')).body.next as string;
  expect(theirs).toEqual(expect.any(String));
  expect(await page(a.token, `?limit=1&cursor=${encodeURIComponent(theirs)}`)).toEqual({ status: 400, body: { success: false, message: BAD_CURSOR } });
  expect((await page(a.token, '?cursor=no-es-un-cursor')).status).toBe(400);
  const forged = Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'COURSE#y', gsi1pk: 'COURSES#x', gsi1sk: '2026' })).toString('base64url');
  expect(await page(a.token, `?cursor=${forged}`)).toEqual({ status: 400, body: { success: false, message: BAD_CURSOR } });
  expect(await page(a.token, '?limit=0')).toEqual({ status: 400, body: { success: false, message: 'El límite debe ser al menos 1' } });
  expect((await page(a.token, '?limit=101')).status).toBe(400);
});
