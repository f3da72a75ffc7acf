import { randomUUID } from 'node:crypto';
import { invoke } from '../support/invoke';
import { finishedJob, smallCourse } from '../support/learners';
import { materialIn, readyMaterial } from '../support/material-fixture';

// Issue 24 part 2: POST /courses/plan `materiales`. The attacker first: another learner's material,
// one still processing or failed, duplicates and too many are each refused in Spanish with nothing
// written (no course in the list); then a course from the learner's own material is planned with it.

const APUNTES =
  'La fotosíntesis\n\nLas plantas verdes convierten la energía de la luz en energía química dentro de los cloroplastos. ' +
  'La clorofila absorbe sobre todo la luz roja y la azul.';

const pasted = (userId: string, texto = APUNTES) => readyMaterial(userId, texto);
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

// Three pages (form feeds), each with a heading: the outline follows them, each lesson is written
// from the passages retrieved for it, and every quote must be in the material, on its page.
const MATERIAL = [
  'La fotosíntesis\n\nLas plantas verdes convierten la energía de la luz en energía química dentro de los cloroplastos. La clorofila absorbe sobre todo la luz roja y la azul, y refleja la verde.',
  'La fase luminosa\n\nEn la fase luminosa se rompen moléculas de agua y se libera oxígeno a la atmósfera. La energía captada se guarda en moléculas de ATP y NADPH.',
  'El ciclo de Calvin\n\nEn el ciclo de Calvin se fija el dióxido de carbono del aire y se fabrican azúcares. Esta fase no necesita luz directa, pero usa el ATP de la fase luminosa.',
].join('\f');
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('a course built from pasted material', () => {
  it('writes every lesson from the material: each cita is on its page, each [n] has its source', async () => {
    const userId = randomUUID();
    const materialId = await pasted(userId, MATERIAL);
    const res = await plan(userId, [materialId]);
    expect(res.status).toBe(200);
    expect(await finishedJob(userId, res.body.jobId)).toMatchObject({ status: 'completado' });
    const course = (await invoke('GET /courses/{id}', { userId, params: { id: res.body.curso.courseId } })).body.data;
    const pages = MATERIAL.split('\f').map(fold);
    const lessons = course.modulos.flatMap((m: { lecciones: unknown[] }) => m.lecciones) as { titulo: string; contenido: string; fuentes?: { n: number; materialId: string; titulo: string; pagina: number; cita: string }[] }[];
    expect(lessons).toHaveLength(4);
    // The outline follows the material's headings.
    expect(lessons.map((l) => l.titulo)).toEqual(expect.arrayContaining(['La fotosíntesis', 'La fase luminosa', 'El ciclo de Calvin']));
    for (const lesson of lessons) {
      expect(lesson.fuentes?.length).toBeGreaterThan(0);
      for (const f of lesson.fuentes!) {
        expect(f).toMatchObject({ materialId, titulo: 'La fotosíntesis' });
        expect(pages[f.pagina - 1]).toContain(fold(f.cita));
      }
      const marks = [...lesson.contenido.matchAll(/ \[(\d+)\]/g)].map((m) => Number(m[1]));
      expect(marks.length).toBeGreaterThan(0);
      const numbers = lesson.fuentes!.map((f) => f.n);
      for (const n of marks) expect(numbers).toContain(n);
      expect(numbers).toEqual(numbers.map((_n, i) => i + 1));
    }

    // The tutor answers from the material first and cites it the same way; the turn keeps the sources.
    // (Asked before the evaluation is opened: once it is, a sentence that is an open question's key is never quoted.)
    const courseId = res.body.curso.courseId as string;
    const chat = await invoke('POST /ai-tutor/chat', { userId, body: { courseId, message: '¿Cómo se fabrican los azúcares sin luz directa?' } });
    expect(chat).toMatchObject({ status: 200, body: { data: { tipo: 'explicacion' } } });
    const { respuesta, fuentes } = chat.body.data as { respuesta: string; fuentes?: { n: number; pagina: number; cita: string; materialId: string }[] };
    expect(fuentes?.length).toBeGreaterThan(0);
    for (const f of fuentes!) {
      expect(f.materialId).toBe(materialId);
      expect(pages[f.pagina - 1]).toContain(fold(f.cita));
    }
    for (const m of respuesta.matchAll(/ \[(\d+)\]/g)) expect(fuentes!.map((f) => f.n)).toContain(Number(m[1]));
    const context = await invoke('GET /ai-tutor/context/{id}', { userId, params: { id: courseId } });
    expect(context.body.data.historial.at(-1)).toMatchObject({ rol: 'tutor', fuentes });

    // The evaluation draws every question from a cited passage; its source shows only once answered.
    const opened = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: 'm01' } });
    expect(opened.status).toBe(200);
    expect(JSON.stringify(opened.body)).not.toMatch(/"(fuente|cita|pagina)"|\[\d+\]/);
    const answers = (opened.body.data.preguntas as { preguntaId: string; opciones: { opcion: string }[] }[]).map((p) => ({ preguntaId: p.preguntaId, opcion: p.opciones[0].opcion }));
    const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
    expect(graded.status).toBe(200);
    const resultados = graded.body.data.resultados as { fuente?: { materialId: string; pagina: number; cita: string } }[];
    expect(resultados.length).toBe(answers.length);
    for (const r of resultados) {
      expect(r.fuente).toMatchObject({ materialId, titulo: 'La fotosíntesis' });
      expect(pages[r.fuente!.pagina - 1]).toContain(fold(r.fuente!.cita));
    }

    // Writing one lesson again (a model job) retrieves and cites the same way.
    const again = await invoke('POST /lesson/generate', { userId, body: { courseId, moduleId: 'm01', lessonId: 'l02' } });
    expect(await finishedJob(userId, again.body.jobId)).toMatchObject({ status: 'completado' });
    const rewritten = (await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body.data.modulos[0].lecciones[1] as (typeof lessons)[number];
    expect(rewritten.fuentes?.length).toBeGreaterThan(0);
    for (const f of rewritten.fuentes!) expect(pages[f.pagina - 1]).toContain(fold(f.cita));
  }, 120_000);
});
