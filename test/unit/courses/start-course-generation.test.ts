import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { CourseWorkflow, QuotaPort } from '../../../lambdas/course-model/ports';
import { jobTotal, startCourseGeneration } from '../../../lambdas/courses/use-cases';
import { courseQuota } from '../../../lambdas/plans/adapters';
import { planQuotas, QUOTA_MESSAGES } from '../../../lambdas/plans/quotas';
import { memoryUsageStore } from '../plans/fakes';

function fakes(opts: { quota?: QuotaPort; workflowFails?: boolean } = {}) {
  const log: string[] = [];
  const store = {
    create: async (c: { courseId: string }) => void log.push(`create ${c.courseId}`),
    fail: async (_u: string, _c: string, _j: string, message: string) => void log.push(`fail ${message}`),
  } as unknown as CourseStore;
  const workflow: CourseWorkflow = {
    start: async (name, input) => {
      log.push(`start ${name} ${input.course.modulos}x${input.course.leccionesPorModulo}`);
      if (opts.workflowFails) throw new Error('down');
      return 'arn';
    },
  };
  return { log, deps: { store, workflow, quota: opts.quota ?? { assertCanCreateCourse: async () => undefined } } };
}

describe('starting a course generation', () => {
  it('writes the course generating, starts the workflow and answers the course id and job id at once', async () => {
    const { deps, log } = fakes();
    const out = await startCourseGeneration(deps, 'u1', { topic: 'Python', level: 'principiante' });
    expect(out.curso).toMatchObject({ estado: 'generando', topic: 'Python', progreso: { total: 20, porcentaje: 0 } });
    expect(log).toEqual([`create ${out.curso.courseId}`, `start ${out.jobId} 5x4`]);
  });

  it('asks the quota port first and writes nothing when it refuses', async () => {
    // The real plan quotas on the in-memory counters: the month's 3 free courses are used up.
    const quotas = planQuotas(memoryUsageStore().store);
    for (let i = 0; i < 3; i++) await quotas.consumeCourse('u1');
    const { deps, log } = fakes({ quota: courseQuota(quotas) });
    await expect(startCourseGeneration(deps, 'u1', { topic: 'Python', level: 'principiante' })).rejects.toMatchObject({ status: 429, message: QUOTA_MESSAGES.cursos('gratuito') });
    expect(log).toEqual([]);
  });

  it('marks the course failed when the workflow cannot start, so it is never left generating', async () => {
    const { deps, log } = fakes({ workflowFails: true });
    await expect(startCourseGeneration(deps, 'u1', { topic: 'Python', level: 'principiante', modulos: 2, leccionesPorModulo: 3 })).rejects.toMatchObject({ status: 503 });
    expect(log[2]).toMatch(/^fail No pudimos iniciar la generación/);
  });

  it('counts outline, lessons, evaluations and the final check in the job total', () => {
    expect(jobTotal(5, 4)).toBe(31);
  });
});
