import { offlineToolInput } from '../../../infra/local/offline-writer';
import { EVALUATION_RULES } from '../../../lambdas/contract';
import type { CourseItem, EvaluationItem } from '../../../lambdas/course-model/course-items';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { GenerationStore } from '../../../lambdas/course-model/generation-store';
import type { EvaluationStore } from '../../../lambdas/evaluations/evaluation-store';
import { BANK_SIZE } from '../../../lambdas/evaluations/question-bank';
import { getOrGenerateEvaluation, requestEvaluation, submitEvaluation, type EvaluationDeps } from '../../../lambdas/evaluations/use-cases';
import { diagnoseLastAttempt } from '../../../lambdas/evaluations/remedial-diagnosis';
import { LESSONS } from './fixtures';
import { aiBudget, budgetMessage } from '../../../lambdas/plans/ai-budget';
import { PLANS } from '../../../lambdas/plans/plans';
import { modelAllowance, planQuotas } from '../../../lambdas/plans/quotas';
import { memorySpend, memoryUsageStore } from '../plans/fakes';
import { ruleEvidenceOf } from '../../../lambdas/evaluations/rule-evidence';
import { learnerModel, memoryMasteryStore, type Evidence } from '../../../lambdas/learner-model';
import { TEST_WISE_RULES } from '../../../lambdas/shared/ai/test-wise';

const bank = (): EvaluationItem => ({
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'bank-1',
  preguntas: Array.from({ length: BANK_SIZE }, (_, i) => ({
    preguntaId: `p${i + 1}`, lessonId: 'l01', objetivo: 'o', fuente: 'f', enunciado: `Pregunta ${i + 1}`,
    opciones: ['a', 'b', 'c', 'd'].map((o) => `${o}${i}`), explicaciones: ['1', '2', '3', '4'], correcta: 'B', explicacion: '2',
  })),
});

/** An in-memory store with the DynamoDB store's conditions (variant id and bank version). */
function memoryStore(item: EvaluationItem): EvaluationStore & { item: EvaluationItem } {
  return {
    item,
    async get() { return structuredClone(this.item); },
    async setVariant(_u, _c, _m, v, replacing) {
      if (this.item.version !== v.bankVersion || (replacing ? this.item.variante?.id !== replacing : this.item.variante)) return false;
      this.item.variante = v;
      return true;
    },
    async addAttempt(_u, _c, _m, attempt, bankVersion, next) {
      if (this.item.variante?.id !== attempt.version || this.item.version !== bankVersion) return undefined;
      this.item.intentos = [...(this.item.intentos ?? []), attempt];
      if (next) this.item.variante = next;
      else delete this.item.variante;
      return this.item.intentos.length;
    },
    async settleAttempt(_u, _c, _m, intento, fecha, estados) {
      const attempt = this.item.intentos?.[intento - 1];
      if (attempt?.fecha !== fecha) return false;
      attempt.estados = estados;
      return true;
    },
    async topUp(_u, _c, _m, bankVersion, preguntas, enunciadosVistos) {
      if (this.item.version !== bankVersion || this.item.variante?.bankVersion === bankVersion) return false;
      this.item.preguntas = preguntas;
      this.item.enunciadosVistos = enunciadosVistos;
      return true;
    },
  };
}

const result = <T>(value: T, tool: string) => ({ value, usage: { inputTokens: 10, outputTokens: 20 }, modelId: tool, promptVersion: 'v', demo: true });

function deps(now = Date.UTC(2026, 0, 2, 12)) {
  const evaluations = memoryStore(bank());
  const modelCalls: string[] = [];
  const course = { topic: 't', nivel: 'principiante', titulo: 'T', modulos: [{ moduleId: 'm01', titulo: 'M', descripcion: 'd', lecciones: [{ lessonId: 'l01', titulo: 'La exposición', resumen: 'r' }, { lessonId: 'l02', titulo: 'La composición', resumen: 'r' }] }] } as unknown as CourseItem;
  const lessons = Object.entries(LESSONS).map(([lessonId, contenido]) => ({ moduleId: 'm01', lessonId, estado: 'lista', contenido }));
  let clock = now;
  const d: EvaluationDeps = {
    evaluations,
    store: { get: async () => course, items: async () => ({ lessons }) } as unknown as CourseStore,
    gen: { spend: async () => undefined } as unknown as GenerationStore,
    // The offline writer, as the local Bedrock serves it; every call is logged.
    model: async (spec, data) => {
      modelCalls.push(spec.tool);
      return result(spec.schema.parse(offlineToolInput(spec.tool, JSON.parse(JSON.stringify(data)))), spec.tool);
    },
    now: () => clock,
  };
  return { d, evaluations, modelCalls, tomorrow: () => { clock += 86_400_000 + 60_000; } };
}
const req = { courseId: 'c1', moduleId: 'm01' };
const wrong = (ev: { varianteId: string; preguntas: { preguntaId: string }[] }) => ({ varianteId: ev.varianteId, answers: ev.preguntas.map((p) => ({ preguntaId: p.preguntaId, opcion: 'A' as const })) });

/** The route's side of a model job: real plan quotas and AI budget on memory stores, a job store and workflow that record. */
function paidJobs(d: EvaluationDeps) {
  const usage = memoryUsageStore();
  const spend = memorySpend();
  const now = () => new Date((d.now as () => number)());
  const quotas = planQuotas(usage.store, now, aiBudget(spend.store, now));
  const started: unknown[] = [];
  const jobs: unknown[] = [];
  const store = { create: async (j: unknown) => void jobs.push(j), finish: async () => true, claim: async () => undefined, release: async () => undefined };
  const paid = {
    jobs: { jobs: store, workflow: { start: async (input: unknown) => void started.push(input) } },
    variants: modelAllowance(quotas, 'variantesEvaluacion'),
    topUps: modelAllowance(quotas, 'recargasEvaluacion'),
  };
  return { paid, started, jobs, quotas, spend };
}

describe('taking a module evaluation', () => {
  it('gives a retake after a failure questions never met before, with no model call', async () => {
    const { d, modelCalls } = deps();
    const first = await getOrGenerateEvaluation(d, 'u1', req);
    expect(first.preguntas).toHaveLength(EVALUATION_RULES.questionsPerAttempt);
    // Answering A everywhere against a bank whose keys are all B.
    const failed = await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(first));
    expect(failed.aprobado).toBe(false);
    const retake = await getOrGenerateEvaluation(d, 'u1', req);
    expect(retake.varianteId).not.toBe(first.varianteId);
    expect(retake.preguntas.filter((p) => first.preguntas.some((q) => q.preguntaId === p.preguntaId))).toEqual([]);
    expect(modelCalls).toEqual([]);
  });

  it('refuses to grade the same set twice: it is replaced by the first submission', async () => {
    const { d } = deps();
    const ev = await getOrGenerateEvaluation(d, 'u1', req);
    await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(ev));
    await expect(submitEvaluation(d, 'u1', 'c1', 'm01', wrong(ev))).rejects.toMatchObject({ status: 409 });
  });

  it('answers 429 in Spanish after 2 attempts in 24 hours, and writes nothing', async () => {
    const { d, evaluations } = deps();
    const first = await getOrGenerateEvaluation(d, 'u1', req);
    await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(first));
    const second = await getOrGenerateEvaluation(d, 'u1', req);
    await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(second));
    expect(evaluations.item.intentos).toHaveLength(2);
    // The first day's bank is spent: no variant is left, the next one needs new questions.
    expect(evaluations.item.variante).toBeUndefined();
    await expect(submitEvaluation(d, 'u1', 'c1', 'm01', wrong(second))).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/^Has hecho los 2 intentos permitidos en 24 horas para este módulo/) });
    expect(evaluations.item.intentos).toHaveLength(2);
  });

  it('starts a job when the unseen questions cannot fill an attempt, and the job tops the bank up with new ids', async () => {
    const { d, evaluations, modelCalls, tomorrow } = deps();
    for (let i = 0; i < 2; i++) await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(await getOrGenerateEvaluation(d, 'u1', req)));
    const seen = new Set(evaluations.item.intentos!.flatMap((a) => a.preguntas ?? []));
    expect(seen.size).toBe(BANK_SIZE);
    const { jobs, started, paid, quotas, spend } = paidJobs(d);
    const answer = await requestEvaluation({ ...d, ...paid }, 'u1', req);
    expect(answer).toHaveProperty('jobId');
    expect(started).toHaveLength(1);
    // Paid before it starts (issue 40): a unit of the day's top-ups and a hold under the job's id.
    expect((await quotas.usage('u1')).porDia).toMatchObject({ recargasEvaluacion: { usados: 1 }, variantesEvaluacion: { usados: 0 } });
    expect([...spend.holds.keys()]).toEqual([`u1/2026-01/${(answer as { jobId: string }).jobId}`]);
    expect(jobs).toHaveLength(1);
    // What the job runs:
    tomorrow();
    const next = await getOrGenerateEvaluation(d, 'u1', req);
    expect(modelCalls).toContain('registrar_evaluacion');
    expect(next.preguntas).toHaveLength(EVALUATION_RULES.questionsPerAttempt);
    for (const p of next.preguntas) {
      expect(seen.has(p.preguntaId)).toBe(false);
      expect(p.preguntaId).toMatch(/^q[0-9a-f]{16}$/);
    }
    expect(next.intentosRestantesHoy).toBe(2);
  });

  it('refuses a top-up in Spanish when the month\'s AI budget is spent: no job, no unit, the month unchanged (issue 40 replay)', async () => {
    const { d } = deps();
    for (let i = 0; i < 2; i++) await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(await getOrGenerateEvaluation(d, 'u1', req)));
    const { paid, started, jobs, quotas, spend } = paidJobs(d);
    // A free learner's month at its ceiling, as the attacker set it.
    spend.months.set('u1/2026-01', PLANS.gratuito.presupuestoIAUsdPorMes * 1e6);
    await expect(requestEvaluation({ ...d, ...paid }, 'u1', req)).rejects.toMatchObject({ status: 429, message: budgetMessage(new Date((d.now as () => number)())) });
    expect(started).toEqual([]);
    expect(jobs).toEqual([]);
    expect(spend.months.get('u1/2026-01')).toBe(PLANS.gratuito.presupuestoIAUsdPorMes * 1e6);
    expect(spend.holds.size).toBe(0);
    expect((await quotas.usage('u1')).porDia.recargasEvaluacion.usados).toBe(0);
  });

  it('refuses a top-up in Spanish once the day\'s top-ups are spent, whatever the module', async () => {
    const { d } = deps();
    for (let i = 0; i < 2; i++) await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(await getOrGenerateEvaluation(d, 'u1', req)));
    const { paid, started, quotas, spend } = paidJobs(d);
    for (let i = 0; i < PLANS.gratuito.porDia.recargasEvaluacion; i++) await quotas.consumeAllowance('u1', 'recargasEvaluacion');
    const before = spend.months.get('u1/2026-01');
    await expect(requestEvaluation({ ...d, ...paid }, 'u1', req)).rejects.toMatchObject({
      status: 429,
      message: `Has usado las ${PLANS.gratuito.porDia.recargasEvaluacion} recargas de preguntas de evaluación de hoy incluidas en tu plan gratuito. Vuelve mañana o pásate a premium para tener más.`,
    });
    expect(started).toEqual([]);
    expect(spend.months.get('u1/2026-01')).toBe(before);
  });
});

// Issue 41: the learner model's test-wise classes read each graded answer's rule hits. Grading holds
// the bank question, so it computes them there (rule-evidence.ts) and passes them with the evidence.
describe('the evidence a graded attempt records', () => {
  it('carries each question\'s test-wise rule hits', async () => {
    const { d, evaluations } = deps();
    // The key (B) is the longest option of every question.
    evaluations.item.preguntas = evaluations.item.preguntas.map((q) => ({ ...q, opciones: q.opciones.map((o, i) => (i === 1 ? `${o} con muchas más palabras` : o)) }));
    const seen: Evidence[] = [];
    d.learner = { recordEvidence: async (_u, _c, e) => void seen.push(...e) };
    const ev = await getOrGenerateEvaluation(d, 'u1', req);
    await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(ev));
    expect(seen).toHaveLength(EVALUATION_RULES.questionsPerAttempt);
    const byItem = new Map(evaluations.item.preguntas.map((q) => [`m01.${q.preguntaId}`, q]));
    for (const e of seen) {
      expect(e.reglas).toEqual(ruleEvidenceOf(byItem.get(e.itemId!)!));
      expect(e.reglas![TEST_WISE_RULES.indexOf('larga')]).toBe(1);
    }
  });
});

// Issue 41: one attempt cannot tell a known objective from an unknown one under mismatched slip and
// guess, so an objective it does not show is "Te falta" only when the learner model, every answer so
// far, agrees; otherwise "Aún no está claro". The model answers in the write grading already makes.
describe('the states of a result', () => {
  type Public = Awaited<ReturnType<typeof getOrGenerateEvaluation>>;
  /** `right` questions answered with the key (the bank's option b…), the rest with another. */
  const answering = (ev: Public, right: number) => ({
    varianteId: ev.varianteId,
    answers: ev.preguntas.map((p, i) => ({ preguntaId: p.preguntaId, opcion: p.opciones.find((o) => o.texto.startsWith(i < right ? 'b' : 'c'))!.opcion })),
  });
  const withModel = () => {
    const { d } = deps();
    const model = learnerModel(memoryMasteryStore(), { now: () => new Date(d.now!()) });
    d.learner = model;
    return { d, model };
  };

  it('names "Te falta" when the model agrees the attempt did not show it', async () => {
    const { d } = withModel();
    const r = await submitEvaluation(d, 'u1', 'c1', 'm01', answering(await getOrGenerateEvaluation(d, 'u1', req), 0));
    expect(r.objetivos?.map((o) => [o.id, o.estado, o.domina])).toEqual([['o1', 'falta', false]]);
  });

  it('says "Aún no está claro" when earlier answers say otherwise, never "Dominas"', async () => {
    const { d, model } = withModel();
    // Sixteen right answers on earlier days (two sessions): the model believes the learner knows o1.
    // Alone, 11 of 20 right would not show it (12 would).
    for (const day of [0, 1]) {
      await model.recordEvidence('u1', 'c1', Array.from({ length: 8 }, (_, i) => ({ objectiveKey: 'm01.o1', correct: true, source: 'repaso' as const, itemId: `m01.r${day}.${i}` })));
      (d as { now: () => number }).now = ((t) => () => t + 86_400_000)(d.now!());
    }
    const ev = await getOrGenerateEvaluation(d, 'u1', req);
    const r = await submitEvaluation(d, 'u1', 'c1', 'm01', answering(ev, 11));
    expect(r.objetivos?.map((o) => [o.id, o.correctas, o.estado, o.domina])).toEqual([['o1', 11, 'incierto', false]]);
    // Practice is still offered: where to study stays.
    expect(r.objetivos?.[0].repasar.length).toBeGreaterThan(0);
  });

  it('takes "Dominas" away when earlier answers say otherwise, keeps the states with the attempt, and the Refuerzo guiado is written for it', async () => {
    const { d, model } = withModel();
    const evaluations = d.evaluations as ReturnType<typeof memoryStore>;
    // Sixteen wrong answers on earlier days (two sessions): the model believes the learner does not know o1.
    for (const day of [0, 1]) {
      await model.recordEvidence('u1', 'c1', Array.from({ length: 8 }, (_, i) => ({ objectiveKey: 'm01.o1', correct: false, source: 'repaso' as const, itemId: `m01.r${day}.${i}` })));
      (d as { now: () => number }).now = ((t) => () => t + 86_400_000)(d.now!());
    }
    const ev = await getOrGenerateEvaluation(d, 'u1', req);
    // Alone, 12 of 20 right show o1 ("Dominas" until issue 41's change).
    const r = await submitEvaluation(d, 'u1', 'c1', 'm01', answering(ev, 12));
    expect(r.objetivos?.map((o) => [o.id, o.correctas, o.estado, o.domina])).toEqual([['o1', 12, 'incierto', false]]);
    expect(r.objetivos?.[0].repasar.length).toBeGreaterThan(0);
    expect(evaluations.item.intentos?.[0].estados).toEqual({ o1: 'incierto' });
    const course = await d.store.get('u1', 'c1');
    if (!course) throw new Error('the course is stored by deps()');
    expect(diagnoseLastAttempt(evaluations.item, course.modulos[0])?.objetivos.map((o) => o.id)).toEqual(['o1']);
  });

  it('lets the attempt alone decide when the model could not be updated', async () => {
    const { d } = deps();
    d.learner = { recordEvidence: () => Promise.reject(new Error('throttled')) };
    const r = await submitEvaluation(d, 'u1', 'c1', 'm01', answering(await getOrGenerateEvaluation(d, 'u1', req), 0));
    expect(r.objetivos?.map((o) => o.estado)).toEqual(['falta']);
  });
});
