import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CourseItem } from '../../../lambdas/course-model/course-items';
import { courseKey, lessonKey } from '../../../lambdas/course-model/course-keys';
import { dynamoCourseStore } from '../../../lambdas/course-model/course-store';
import { toDetail } from '../../../lambdas/course-model/course-view';
import { documentClient } from '../../../lambdas/shared/clients';
import { useOwnDynamo } from '../support/own-dynamo';

// Issue 23: a progress write updates the course item's small progress map and counters in one
// UpdateItem; the lesson item, which holds the lesson's content, is never written. A course from
// before the map keeps its lessons' states on the lesson items until each is written. On a
// DynamoDB Local of its own.

useOwnDynamo();

const db = () => documentClient();
const store = () => dynamoCourseStore(db(), 'mentora');
const get = async (key: Record<string, string>) => (await db().send(new GetCommand({ TableName: 'mentora', Key: key }))).Item;
const CONTENT = `# Lección\n\n${'Texto de la lección. '.repeat(400)}`;

/** A ready 2 × 2 course with its lesson items (content included), as the pipeline leaves it. */
async function readyCourse(legacy: Record<string, 'en_curso' | 'completado'> = {}) {
  const userId = `progress-${randomUUID()}`;
  const courseId = randomUUID();
  const at = '2026-11-24T10:00:00.000Z';
  const lecciones = [{ lessonId: 'l01', titulo: 'Uno', resumen: 'r' }, { lessonId: 'l02', titulo: 'Dos', resumen: 'r' }];
  const completed = Object.values(legacy).filter((s) => s === 'completado').length;
  const course: CourseItem = {
    courseId, userId, jobId: randomUUID(), topic: 'Tema', nivel: 'principiante', titulo: 'Tema', descripcion: '', objetivos: [], estado: 'listo', modo: 'ia',
    solicitud: { modulos: 2, leccionesPorModulo: 2 }, modulos: ['m01', 'm02'].map((moduleId) => ({ moduleId, titulo: moduleId, descripcion: '', lecciones })),
    totalLecciones: 4, completadas: completed, completadasPorModulo: { m01: completed, m02: 0 }, tokensEntrada: 0, tokensSalida: 0, createdAt: at, updatedAt: at,
  };
  await db().send(new PutCommand({ TableName: 'mentora', Item: { ...course, ...courseKey(userId, courseId) } }));
  for (const moduleId of ['m01', 'm02']) {
    for (const { lessonId } of lecciones) {
      const progreso = legacy[`${moduleId}/${lessonId}`] ?? 'pendiente';
      await db().send(new PutCommand({ TableName: 'mentora', Item: { ...lessonKey(userId, courseId, moduleId, lessonId), courseId, moduleId, lessonId, estado: 'lista', contenido: CONTENT, progreso } }));
    }
  }
  return { userId, courseId };
}

describe('a progress write, sized for its traffic', () => {
  it('updates the course item and never the lesson item with its content', async () => {
    const { userId, courseId } = await readyCourse();
    const before = await get(lessonKey(userId, courseId, 'm01', 'l01'));
    const answer = await store().setProgress(userId, courseId, { moduleId: 'm01', lessonId: 'l01', estado: 'completado' });
    expect(answer).toMatchObject({ completadas: 1, completadasPorModulo: { m01: 1, m02: 0 }, ultimaLeccion: { moduleId: 'm01', lessonId: 'l01' } });
    expect(await get(lessonKey(userId, courseId, 'm01', 'l01'))).toEqual(before);
    expect((await get(courseKey(userId, courseId)))?.progresoLecciones).toEqual({ 'm01/l01': 'completado' });
  });

  it('moves the counters by exactly the change: completing twice counts once, reopening takes it back', async () => {
    const { userId, courseId } = await readyCourse();
    const write = (estado: 'en_curso' | 'completado', lessonId = 'l02') => store().setProgress(userId, courseId, { moduleId: 'm02', lessonId, estado });
    await write('en_curso');
    await write('completado');
    expect(await write('completado')).toMatchObject({ completadas: 1, completadasPorModulo: { m02: 1 } });
    expect(await write('en_curso')).toMatchObject({ completadas: 0, completadasPorModulo: { m02: 0 } });
  });

  it('counts every one of many simultaneous writes to different lessons of one course', async () => {
    const { userId, courseId } = await readyCourse();
    const lessons = ['m01', 'm02'].flatMap((m) => ['l01', 'l02'].map((l) => ({ moduleId: m, lessonId: l })));
    await Promise.all([...lessons, ...lessons].map((p) => store().setProgress(userId, courseId, { ...p, estado: 'completado' })));
    const course = (await get(courseKey(userId, courseId))) as CourseItem;
    expect(course).toMatchObject({ completadas: 4, completadasPorModulo: { m01: 2, m02: 2 } });
  });

  it("honours a lesson's state kept on its lesson item by a course from before the map", async () => {
    const { userId, courseId } = await readyCourse({ 'm01/l02': 'completado' });
    expect(await store().setProgress(userId, courseId, { moduleId: 'm01', lessonId: 'l02', estado: 'completado' })).toMatchObject({ completadas: 1 });
    expect(await store().setProgress(userId, courseId, { moduleId: 'm01', lessonId: 'l01', estado: 'completado' })).toMatchObject({ completadas: 2 });
    const items = await store().items(userId, courseId, false);
    const detail = toDetail(items!, false);
    expect(detail.modulos[0].lecciones.map((l) => l.progreso)).toEqual(['completado', 'completado']);
    expect(detail.progreso.completadas).toBe(2);
  });

  it('writes nothing for a lesson the course does not have, or a course of another learner', async () => {
    const { userId, courseId } = await readyCourse();
    expect(await store().setProgress(userId, courseId, { moduleId: 'm01', lessonId: 'l09', estado: 'completado' })).toBeUndefined();
    expect(await store().setProgress('someone-else', courseId, { moduleId: 'm01', lessonId: 'l01', estado: 'completado' })).toBeUndefined();
    expect(await get(courseKey(userId, courseId))).not.toHaveProperty('progresoLecciones');
  });

  it('keeps every one of 120 simultaneous writes to one lesson, completing and reopening it, and counts it exactly', async () => {
    // Straight to the table, without the local gateway's concurrency cap: the storm a CI run under
    // load once made of 30 requests, which a read-then-compare-and-swap loop lost a write of.
    const { userId, courseId } = await readyCourse();
    const write = (estado: 'en_curso' | 'completado') => store().setProgress(userId, courseId, { moduleId: 'm02', lessonId: 'l01', estado });
    const answers = await Promise.allSettled(Array.from({ length: 120 }, (_, i) => write(i % 3 ? 'completado' : 'en_curso')));
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    const settled = (await get(courseKey(userId, courseId))) as CourseItem;
    const done = settled.progresoLecciones?.['m02/l01'] === 'completado' ? 1 : 0;
    expect(settled).toMatchObject({ completadas: done, completadasPorModulo: { m02: done } });
    expect(await write('completado')).toMatchObject({ completadas: 1, completadasPorModulo: { m02: 1 } });
  }, 240_000); // a bound, not a pace: 121 conditional writes beside another file on two cores took over 60 s in CI
});
