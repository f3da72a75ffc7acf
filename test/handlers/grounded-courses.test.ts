import { randomUUID } from 'node:crypto';
import { dynamoMaterialStore } from '../../lambdas/materials';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { smallCourse } from '../support/learners';

// Issue 24 part 2: POST /courses/plan `materiales`. The attacker first: another learner's material,
// one still processing or failed, duplicates and too many are each refused in Spanish with nothing
// written (no course in the list); then a course from the learner's own material is planned with it.

const APUNTES =
  'La fotosíntesis\n\nLas plantas verdes convierten la energía de la luz en energía química dentro de los cloroplastos. ' +
  'La clorofila absorbe sobre todo la luz roja y la azul.';

const store = () => dynamoMaterialStore(documentClient(), process.env.TABLE_NAME!);
async function pasted(userId: string, texto = APUNTES) {
  const res = await invoke('POST /materials', { userId, body: { texto } });
  if (res.status !== 201) throw new Error(`POST /materials answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.materialId as string;
}
/** A material in a given state, written as processing leaves it. */
async function materialIn(userId: string, estado: 'procesando' | 'error', titulo = 'Apuntes de clase') {
  const materialId = randomUUID();
  const now = new Date().toISOString();
  await store().create(userId, { materialId, titulo, origen: 'texto', estado, caracteres: 10, paginas: 1, pasajes: 0, creadoEn: now, actualizadoEn: now }, 50);
  return materialId;
}
const plan = (userId: string, materiales: unknown) => invoke('POST /courses/plan', { userId, body: { ...smallCourse, materiales } });
const courses = async (userId: string) => (await invoke('GET /courses/my-courses', { userId })).body.data as unknown[];

describe('POST /courses/plan with materiales: refusals', () => {
  it("refuses another learner's material as not found, and writes nothing", async () => {
    const [ana, beto] = [randomUUID(), randomUUID()];
    const hers = await pasted(ana);
    const res = await plan(beto, [hers]);
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos ese material.' } });
    expect(await courses(beto)).toEqual([]);
  });

  it('refuses an unknown id among owned ones (404), nothing written', async () => {
    const userId = randomUUID();
    const mine = await pasted(userId);
    const res = await plan(userId, [mine, randomUUID()]);
    expect(res).toMatchObject({ status: 404, body: { message: 'No encontramos ese material.' } });
    expect(await courses(userId)).toEqual([]);
  });

  it('refuses a material still processing (409) and one that failed (409), nothing written', async () => {
    const userId = randomUUID();
    const busy = await plan(userId, [await materialIn(userId, 'procesando', 'Tema 3')]);
    expect(busy).toMatchObject({ status: 409, body: { success: false, message: expect.stringMatching(/^El material «Tema 3» aún se está procesando/) } });
    const broken = await plan(userId, [await materialIn(userId, 'error', 'Tema 4')]);
    expect(broken).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^El material «Tema 4» no se pudo procesar/) } });
    expect(await courses(userId)).toEqual([]);
  });

  it.each([
    ['duplicates', (id: string) => [id, id], 'Hay materiales repetidos'],
    ['too many', () => Array.from({ length: 6 }, () => randomUUID()), 'Puedes usar como máximo 5 materiales por curso'],
    ['none', () => [], 'Elige al menos un material'],
    ['an id the server never minted', () => ['../MATERIAL#x'], 'El material no es válido'],
  ])('refuses %s (400), nothing written', async (_name, ids, message) => {
    const userId = randomUUID();
    const res = await plan(userId, ids(randomUUID()));
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await courses(userId)).toEqual([]);
  });
});

describe('POST /courses/plan with materiales', () => {
  it('keeps the materials on the course, with their titles', async () => {
    const userId = randomUUID();
    const materialId = await pasted(userId);
    const res = await plan(userId, [materialId]);
    expect(res).toMatchObject({ status: 200, body: { curso: { estado: 'generando' } } });
    const course = await invoke('GET /courses/{id}', { userId, params: { id: res.body.curso.courseId } });
    expect(course.body.data.materiales).toEqual([{ materialId, titulo: 'La fotosíntesis' }]);
  });

  it('a course without materials has none', async () => {
    const userId = randomUUID();
    const res = await invoke('POST /courses/plan', { userId, body: smallCourse });
    const course = await invoke('GET /courses/{id}', { userId, params: { id: res.body.curso.courseId } });
    expect(course.body.data.materiales).toBeUndefined();
  });
});
