import type { CourseItem, EvaluationItem } from '../../../lambdas/courses/course-items';
import type { CourseStore } from '../../../lambdas/courses/course-store';
import type { GenerationStore } from '../../../lambdas/courses/generation-store';
import type { EvaluationStore } from '../../../lambdas/evaluations/evaluation-store';
import { getOrGenerateEvaluation, submitEvaluation, type EvaluationDeps } from '../../../lambdas/evaluations/use-cases';

const bank = (): EvaluationItem => ({
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'bank-1',
  preguntas: Array.from({ length: 10 }, (_, i) => ({
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
    async addAttempt(_u, _c, _m, attempt, next) {
      if (this.item.variante?.id !== attempt.version || this.item.version !== next.bankVersion) return undefined;
      this.item.intentos = [...(this.item.intentos ?? []), attempt];
      this.item.variante = next;
      return this.item.intentos.length;
    },
  };
}

function deps(now = Date.UTC(2026, 0, 2, 12)) {
  const evaluations = memoryStore(bank());
  const modelCalls: string[] = [];
  const course = { topic: 't', nivel: 'principiante', titulo: 'T', modulos: [{ moduleId: 'm01', titulo: 'M', descripcion: 'd', lecciones: [{ lessonId: 'l01', titulo: 'La lección', resumen: 'r' }] }] } as unknown as CourseItem;
  const d: EvaluationDeps = {
    evaluations,
    store: { get: async () => course } as unknown as CourseStore,
    gen: {} as GenerationStore,
    model: async (spec: { tool: string }) => { modelCalls.push(spec.tool); throw new Error('no model on this path'); },
    now: () => now,
  };
  return { d, evaluations, modelCalls };
}
const req = { courseId: 'c1', moduleId: 'm01' };
const wrong = (ev: { varianteId: string; preguntas: { preguntaId: string }[] }) => ({ varianteId: ev.varianteId, answers: ev.preguntas.map((p) => ({ preguntaId: p.preguntaId, opcion: 'A' as const })) });

describe('taking a module evaluation', () => {
  it('gives a retake after a failure other questions from the bank, with no model call', async () => {
    const { d, modelCalls } = deps();
    const first = await getOrGenerateEvaluation(d, 'u1', req);
    // Answering A everywhere against a bank whose keys sit wherever randomInt put them: here all B.
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

  it('answers 429 in Spanish after 5 attempts in 24 hours, and writes nothing', async () => {
    const { d, evaluations } = deps();
    for (let i = 0; i < 5; i++) await submitEvaluation(d, 'u1', 'c1', 'm01', wrong(await getOrGenerateEvaluation(d, 'u1', req)));
    const ev = await getOrGenerateEvaluation(d, 'u1', req);
    expect(ev.intentosRestantesHoy).toBe(0);
    await expect(submitEvaluation(d, 'u1', 'c1', 'm01', wrong(ev))).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/^Has hecho los 5 intentos permitidos en 24 horas para este módulo/) });
    expect(evaluations.item.intentos).toHaveLength(5);
  });
});
