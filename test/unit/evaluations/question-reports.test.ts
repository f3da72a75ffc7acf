import { questionsGraded, reportQuestion, type QuestionQualityDeps } from '../../../lambdas/evaluations/question-reports';
import type { QuestionStatsStore } from '../../../lambdas/evaluations/question-stats-store';
import type { EvaluationItem } from '../../../lambdas/course-model/course-items';

// The use cases on fakes: what is written, and what is not, for each report and graded attempt.

const q = (preguntaId: string) => ({ preguntaId, enunciado: `¿${preguntaId}?`, opciones: ['a', 'b', 'c', 'd'], correcta: 'A' as const, explicacion: 'Porque sí.' });
const bank = (): EvaluationItem =>
  ({ courseId: 'c', moduleId: 'm01', estado: 'lista', version: 'v1', preguntas: [q('q1'), q('q2'), q('q3')], intentos: [{ version: 'x', score: 0, aprobado: false, fecha: '2026-11-24T10:00:00.000Z', respuestas: {}, preguntas: ['q1', 'q2'] }] }) as unknown as EvaluationItem;

function fakes(e: EvaluationItem, counts: Record<string, { n: number; ok: number; np: number; okp: number }> = {}) {
  const log: string[] = [];
  const stats: QuestionStatsStore = {
    addAttempt: async (_u, _c, _m, _v, aprobado, graded) => { log.push(`stats ${aprobado} ${graded.length}`); return counts; },
    report: async (_u, _v, r) => { log.push(`report ${r.preguntaId}`); return 1; },
    withdraw: async (_u, _e, id) => { log.push(`withdraw ${id}`); return true; },
    cardQuestion: async (_u, cardId) => (cardId === 'card-q2' ? { courseId: 'c', moduleId: 'm01', preguntaId: 'q2' } : undefined),
  };
  const withdrawn: number[] = [];
  const deps: QuestionQualityDeps = { evaluations: { get: async () => e }, stats, withdrawn: (n) => withdrawn.push(n) };
  return { deps, log, withdrawn };
}

describe('reporting a question', () => {
  it('refuses a question of the bank the learner never met in an attempt, writing nothing', async () => {
    const { deps, log } = fakes(bank());
    await expect(reportQuestion(deps, 'u', { courseId: 'c', moduleId: 'm01', preguntaId: 'q3', motivo: 'confusa' })).rejects.toMatchObject({ status: 404 });
    expect(log).toEqual([]);
  });

  it('records the report, withdraws the question from the learner\'s draws and counts it once', async () => {
    const { deps, log, withdrawn } = fakes(bank());
    expect(await reportQuestion(deps, 'u', { courseId: 'c', moduleId: 'm01', preguntaId: 'q1', motivo: 'clave_incorrecta' })).toEqual({ reportada: true, retirada: true });
    expect(log).toEqual(['report q1', 'withdraw q1']);
    expect(withdrawn).toEqual([1]);
  });

  it('finds the question of a review card the learner holds, and refuses a card of another module or learner', async () => {
    const { deps, log } = fakes(bank());
    expect(await reportQuestion(deps, 'u', { courseId: 'c', moduleId: 'm01', cardId: 'card-q2', motivo: 'confusa' })).toMatchObject({ retirada: true });
    await expect(reportQuestion(deps, 'u', { courseId: 'c', moduleId: 'm02', cardId: 'card-q2', motivo: 'confusa' })).rejects.toMatchObject({ status: 404 });
    await expect(reportQuestion(deps, 'u', { courseId: 'c', moduleId: 'm01', cardId: 'ajena', motivo: 'confusa' })).rejects.toMatchObject({ status: 404 });
    expect(log).toEqual(['report q2', 'withdraw q2']);
  });
});

describe('a graded attempt', () => {
  it('adds its answers in one write and withdraws only a question that strong learners miss more than weak ones', async () => {
    const sound = { n: 40, ok: 30, np: 20, okp: 18 };
    const backwards = { n: 40, ok: 24, np: 20, okp: 8 };
    const { deps, log, withdrawn } = fakes(bank(), { q1: sound, q2: backwards });
    expect(await questionsGraded(deps, 'u', bank(), true, [{ preguntaId: 'q1', correcta: true }, { preguntaId: 'q2', correcta: false }])).toEqual(['q2']);
    expect(log).toEqual(['stats true 2', 'withdraw q2']);
    expect(withdrawn).toEqual([1]);
  });
});
