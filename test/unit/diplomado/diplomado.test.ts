import { diplomadoCourseRequest, diplomadoPlanRequest } from '../../../lambdas/contract';
import type { CourseItem, JobItem } from '../../../lambdas/course-model/course-items';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import { allowAllQuota, type CourseWorkflow } from '../../../lambdas/course-model/ports';
import type { DiplomadoItem } from '../../../lambdas/course-model';
import type { DiplomadoStore } from '../../../lambdas/diplomado/diplomado-store';
import { allowAllDiplomados } from '../../../lambdas/diplomado/ports';
import { generateDiplomadoCourse, getDiplomado, planDiplomado, writeDiplomadoPlan, type DiplomadoDeps } from '../../../lambdas/diplomado/use-cases';
import { diplomadoOutput } from '../../../lambdas/shared/ai/prompts/diplomado';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { AppError } from '../../../lambdas/shared/errors';
import { offlineDiplomado } from '../../../infra/local/offline-writer-diplomado';
import { diplomadoAccess } from '../../../lambdas/plans/adapters';
import { modelAllowance, planQuotas, QUOTA_MESSAGES } from '../../../lambdas/plans/quotas';
import { memoryUsageStore } from '../plans/fakes';

const curso = (titulo: string) => ({ titulo, descripcion: `Descripción de ${titulo}`, objetivos: ['Objetivo uno', 'Objetivo dos'], prerrequisitos: [] });
const programme = { titulo: 'Diplomado en SQL', descripcion: 'Un programa completo de SQL', cursos: ['SQL básico', 'Consultas avanzadas', 'Modelado de datos'].map(curso) };

describe('the programme schema', () => {
  test('accepts 3 to 6 courses with título, descripción, objetivos and prerrequisitos', () => {
    expect(diplomadoOutput.safeParse(programme).success).toBe(true);
    expect(diplomadoOutput.safeParse(offlineDiplomado({ topic: 'SQL', level: 'avanzado' })).success).toBe(true);
  });
  test.each([
    ['two courses', { ...programme, cursos: programme.cursos.slice(0, 2) }],
    ['seven courses', { ...programme, cursos: Array.from({ length: 7 }, (_, i) => curso(`Curso ${i}`)) }],
    ['a course without objectives', { ...programme, cursos: [...programme.cursos.slice(0, 2), { ...curso('X y z'), objetivos: [] }] }],
  ])('refuses %s', (_, value) => expect(diplomadoOutput.safeParse(value).success).toBe(false));
  test('requests are strict and Spanish', () => {
    expect(diplomadoPlanRequest.safeParse({ topic: 'SQL', level: 'avanzado', objetivo: 'trabajar como analista' }).success).toBe(true);
    expect(diplomadoCourseRequest.safeParse({ diplomadoId: 'd', index: 0, todos: true }).error?.issues[0].message).toBe('Indica el índice del curso o todos: true, no ambos');
  });
});

function fakes(opts: { failTopic?: string } = {}) {
  const diplomados = new Map<string, DiplomadoItem>();
  const courses: CourseItem[] = [];
  const started: string[] = [];
  const store: DiplomadoStore = {
    create: async (d) => void diplomados.set(d.diplomadoId, structuredClone(d)),
    get: async (u, id) => { const d = diplomados.get(id); return d?.userId === u ? structuredClone(d) : undefined; },
    list: async (u) => [...diplomados.values()].filter((d) => d.userId === u),
    claim: async (u, id, i) => { const s = diplomados.get(id)!.cursos[i]; if (s.courseId || s.solicitadoEn) return false; s.solicitadoEn = 'now'; return true; },
    link: async (u, id, i, courseId, jobId) => { Object.assign(diplomados.get(id)!.cursos[i], { courseId, jobId, solicitadoEn: undefined }); },
    release: async (u, id, i, error) => { Object.assign(diplomados.get(id)!.cursos[i], { error, solicitadoEn: undefined }); },
  };
  const courseStore = {
    create: async (c: CourseItem, _j: JobItem) => void courses.push(c),
    list: async (u: string) => courses.filter((c) => c.userId === u),
    fail: async (_u: string, courseId: string, _j: string, message: string) => Object.assign(courses.find((c) => c.courseId === courseId)!, { estado: 'error', error: message }),
  } as unknown as CourseStore;
  const workflow: CourseWorkflow = {
    start: async (_name, input) => {
      if (input.course.topic === opts.failTopic) throw new Error('states unavailable');
      started.push(input.course.topic);
      return 'arn';
    },
  };
  const model = (async () => ({ value: programme, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'diplomado-v1', demo: false })) as unknown as StructuredModel;
  const jobs: JobItem[] = [];
  const modelJobs = { jobs: { create: async (j: JobItem) => void jobs.push(j), finish: async () => true, claim: async () => undefined, release: async () => undefined }, workflow: { start: async () => undefined } };
  const deps: DiplomadoDeps = { store, courses: courseStore, model, access: allowAllDiplomados, plan: { store: courseStore, workflow, quota: allowAllQuota }, jobs: modelJobs,
    // A premium learner's daily plans on the in-memory counters.
    allowance: modelAllowance(planQuotas(memoryUsageStore({ ana: 'premium' }).store), 'planesDiplomado') };
  return { deps, diplomados, courses, started, jobs };
}

describe('generating the courses of a diplomado', () => {
  test('each course goes through the course pipeline with its own title as topic, linked to its index', async () => {
    const f = fakes();
    const d = await writeDiplomadoPlan(f.deps, 'ana', { topic: 'SQL', level: 'intermedio' });
    const out = await generateDiplomadoCourse(f.deps, 'ana', { diplomadoId: d.diplomadoId, index: 1 });
    expect(f.started).toEqual(['Consultas avanzadas']);
    expect(f.courses[0]).toMatchObject({ topic: 'Consultas avanzadas', nivel: 'intermedio', objetivos: ['Objetivo uno', 'Objetivo dos'] });
    expect(out.cursos[0]).toMatchObject({ index: 1, curso: { courseId: f.courses[0].courseId }, jobId: f.courses[0].jobId });
    const view = await getDiplomado(f.deps, 'ana', d.diplomadoId);
    expect(view.cursos.map((c) => c.estado)).toEqual(['sin_generar', 'generando', 'sin_generar']);
  });

  test('all at once: a course that cannot start is reported, the others start and stay linked in order', async () => {
    const f = fakes({ failTopic: 'SQL básico' });
    const d = await writeDiplomadoPlan(f.deps, 'ana', { topic: 'SQL', level: 'intermedio' });
    const out = await generateDiplomadoCourse(f.deps, 'ana', { diplomadoId: d.diplomadoId, todos: true });
    expect(out.cursos.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(out.cursos[0]).toEqual({ index: 0, error: expect.stringMatching(/^No pudimos iniciar/) });
    expect(out.cursos.slice(1).every((c) => c.curso?.courseId)).toBe(true);
    const slots = f.diplomados.get(d.diplomadoId)!.cursos;
    expect(slots[0]).toMatchObject({ error: expect.any(String) });
    expect(slots[0].courseId).toBeUndefined();
    // The failed slot can be tried again.
    f.deps.plan.workflow = { start: async () => 'arn' };
    expect((await generateDiplomadoCourse(f.deps, 'ana', { diplomadoId: d.diplomadoId, index: 0 })).cursos[0].curso).toBeDefined();
  });

  test("another learner's diplomado is not found and starts nothing", async () => {
    const f = fakes();
    const d = await writeDiplomadoPlan(f.deps, 'ana', { topic: 'SQL', level: 'intermedio' });
    await expect(generateDiplomadoCourse(f.deps, 'luis', { diplomadoId: d.diplomadoId, index: 0 })).rejects.toMatchObject({ status: 404 });
    await expect(getDiplomado(f.deps, 'luis', d.diplomadoId)).rejects.toBeInstanceOf(AppError);
    expect(f.started).toEqual([]);
  });

  test('the premium rule plugs in through the access port', async () => {
    const f = fakes();
    // The real plan rule on the in-memory counters: ana is on the free plan.
    f.deps.access = diplomadoAccess(planQuotas(memoryUsageStore({ ana: 'gratuito' }).store));
    await expect(planDiplomado(f.deps, 'ana', { topic: 'SQL', level: 'intermedio' })).rejects.toMatchObject({ status: 402, message: QUOTA_MESSAGES.diplomado });
    expect(f.diplomados.size).toBe(0);
    expect(f.jobs).toEqual([]);
  });

  test('planning answers a diplomado job at once: the model is called by the job, not the request', async () => {
    const f = fakes();
    f.deps.model = () => Promise.reject(new Error('the request must not call the model'));
    const { jobId } = await planDiplomado(f.deps, 'ana', { topic: 'SQL', level: 'intermedio' });
    expect(f.jobs).toEqual([expect.objectContaining({ jobId, kind: 'diplomado', userId: 'ana', status: 'en_proceso' })]);
    expect(f.diplomados.size).toBe(0);
  });
});
