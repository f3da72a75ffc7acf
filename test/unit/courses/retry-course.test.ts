import type { CourseItem } from '../../../lambdas/course-model/course-items';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { CourseWorkflow } from '../../../lambdas/course-model/ports';
import { RETRIES_SPENT, retryCourseGeneration } from '../../../lambdas/courses/use-cases';
import { PLANS, RETRIES_PER_COURSE } from '../../../lambdas/plans/plans';
import { allowanceMessage, modelAllowance, planQuotas } from '../../../lambdas/plans/quotas';
import { memoryUsageStore } from '../plans/fakes';

// POST /courses/{id}/retry is model work: bounded per course (RETRIES_PER_COURSE, counted on the
// course in the restart's own condition) and per day (the plan's `reintentos`); a refusal is a 429
// in Spanish that changes nothing.

function fakes(failStart = false) {
  const courses = new Map<string, CourseItem>();
  const started: string[] = [];
  const store = {
    get: async (_u: string, id: string) => courses.get(id),
    async restart(_u: string, id: string, jobId: string, _job: unknown, max = Infinity) {
      const c = courses.get(id);
      if (!c || c.estado !== 'error' || (c.reintentos ?? 0) >= max) return false;
      courses.set(id, { ...c, estado: 'generando', jobId, reintentos: (c.reintentos ?? 0) + 1 });
      return true;
    },
    fail: async (_u: string, id: string) => void courses.set(id, { ...courses.get(id)!, estado: 'error' }),
  } as unknown as CourseStore;
  const workflow: CourseWorkflow = {
    start: async (name) => {
      if (failStart) throw new Error('states down');
      started.push(name);
      return 'arn';
    },
  };
  const quotas = planQuotas(memoryUsageStore().store, () => new Date('2026-11-24T10:00:00Z'));
  const deps = { store, workflow, quota: { assertCanCreateCourse: async () => undefined }, retries: modelAllowance(quotas, 'reintentos') };
  const failed = (courseId: string) =>
    courses.set(courseId, { courseId, userId: 'u1', jobId: 'j0', topic: 'Python', nivel: 'principiante', titulo: 'Python', descripcion: '', objetivos: [], estado: 'error', modo: 'ia', solicitud: { modulos: 2, leccionesPorModulo: 2 }, modulos: [], totalLecciones: 4, completadas: 0, tokensEntrada: 0, tokensSalida: 0, createdAt: '', updatedAt: '' });
  const failAgain = (courseId: string) => courses.set(courseId, { ...courses.get(courseId)!, estado: 'error' });
  return { deps, courses, started, quotas, failed, failAgain };
}

test(`a course retried ${RETRIES_PER_COURSE} times is refused the next time: 429 in Spanish, nothing started or counted`, async () => {
  const f = fakes();
  f.failed('c1');
  for (let i = 0; i < RETRIES_PER_COURSE; i++) {
    await retryCourseGeneration(f.deps, 'u1', 'c1');
    f.failAgain('c1');
  }
  const usedBefore = (await f.quotas.usage('u1')).porDia.reintentos.usados;
  await expect(retryCourseGeneration(f.deps, 'u1', 'c1')).rejects.toMatchObject({ status: 429, message: RETRIES_SPENT });
  expect(f.started).toHaveLength(RETRIES_PER_COURSE);
  expect(f.courses.get('c1')).toMatchObject({ estado: 'error', reintentos: RETRIES_PER_COURSE });
  expect((await f.quotas.usage('u1')).porDia.reintentos.usados).toBe(usedBefore);
});

test("past the plan's retries of the day, another course's retry is a 429 with the plan's message", async () => {
  const f = fakes();
  const day = PLANS.gratuito.porDia.reintentos;
  for (let i = 0; i <= day; i++) f.failed(`c${i}`);
  for (let i = 0; i < day; i++) await retryCourseGeneration(f.deps, 'u1', `c${i}`);
  await expect(retryCourseGeneration(f.deps, 'u1', `c${day}`)).rejects.toMatchObject({ status: 429, message: allowanceMessage('reintentos', 'gratuito') });
  expect(f.courses.get(`c${day}`)).toMatchObject({ estado: 'error' });
  expect(f.courses.get(`c${day}`)!.reintentos).toBeUndefined();
  expect(allowanceMessage('reintentos', 'gratuito')).toBe('Has usado los 3 reintentos de cursos de hoy incluidos en tu plan gratuito. Vuelve mañana o pásate a premium para tener más.');
});

test('concurrent retries of one course start it once and pay once', async () => {
  const f = fakes();
  f.failed('c1');
  const out = await Promise.allSettled(Array.from({ length: 5 }, () => retryCourseGeneration(f.deps, 'u1', 'c1')));
  expect(out.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  expect(f.started).toHaveLength(1);
  expect((await f.quotas.usage('u1')).porDia.reintentos.usados).toBe(1);
});

test('a retry whose workflow cannot start gives the day\'s unit back', async () => {
  const f = fakes(true);
  f.failed('c1');
  await expect(retryCourseGeneration(f.deps, 'u1', 'c1')).rejects.toMatchObject({ status: 503 });
  expect((await f.quotas.usage('u1')).porDia.reintentos.usados).toBe(0);
});
