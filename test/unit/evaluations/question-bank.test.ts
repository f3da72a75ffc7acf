import { offlineToolInput } from '../../../infra/local/offline-writer';
import { offlineVerdicts } from '../../../infra/local/offline-writer-evaluation';
import { BANK_BATCH, BANK_SIZE, batchMaxTokens, buildQuestionBank, stemHash } from '../../../lambdas/evaluations/question-bank';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { normalise } from '../../../lambdas/shared/ai/evaluation-checks';
import type { GeneratedQuestion } from '../../../lambdas/shared/ai/schemas';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { BANK_INPUT, goodQuestion } from './fixtures';

const input = BANK_INPUT;
const result = <T>(value: T, tool: string) => ({ value, usage: { inputTokens: 10, outputTokens: 20 }, modelId: tool, promptVersion: 'v', demo: false });

/** A verifier that answers blind as an expert would: the shown letter of the option the lesson states. */
type Shown = { enunciado: string; opciones: { opcion: 'A' | 'B' | 'C' | 'D'; texto: string }[] };
const RIGHT = goodQuestion().opciones[0].texto;
const blind = (q: Shown) => q.opciones.find((o) => o.texto === RIGHT)?.opcion ?? 'A';

/** The offline writer standing in for both models, exactly as the local Bedrock serves it. */
const offlineModel = (async (spec, data) => result(spec.schema.parse(offlineToolInput(spec.tool, JSON.parse(JSON.stringify(data)))), spec.tool)) as StructuredModel;

describe("a module's question bank", () => {
  it('is written by the offline writer from the lesson texts in batches: the first day\'s questions, each on a sentence of its lesson', async () => {
    const { preguntas, calls } = await buildQuestionBank(offlineModel, input);
    expect(preguntas.length).toBeGreaterThanOrEqual(BANK_SIZE);
    for (const q of preguntas) {
      const lesson = input.lecciones.find((l) => l.lessonId === q.lessonId);
      expect(normalise(lesson?.contenido ?? '')).toContain(normalise(q.fuente ?? ''));
      expect(q.explicaciones).toHaveLength(4);
      // Issue 32: each measures an objective its lesson teaches, and each wrong option names a misconception.
      expect(q.objetivoId).toMatch(/^o[1-9]$/);
      expect(q.bloom).toBeTruthy();
      expect(q.conceptosErroneos?.filter(Boolean)).toHaveLength(3);
    }
    expect(preguntas.filter((q) => q.bloom !== 'recordar').length / preguntas.length).toBeGreaterThanOrEqual(0.5);
    expect(new Set(preguntas.map((q) => q.lessonId))).toEqual(new Set(['l01', 'l02']));
    expect(new Set(preguntas.map((q) => normalise(q.enunciado))).size).toBe(preguntas.length);
    // One writing call per batch of BANK_BATCH, each verified.
    expect(calls.filter((c) => c.purpose === 'evaluation').length).toBeGreaterThanOrEqual(BANK_SIZE / BANK_BATCH);
    expect(calls.filter((c) => c.purpose === 'verifier').length).toBeGreaterThanOrEqual(BANK_SIZE / BANK_BATCH);
  });

  it('asks each model call for no more than its maxTokens can hold (Nova Lite writes at most 5K)', () => {
    expect(prompts.evaluation.maxTokens).toBeLessThanOrEqual(4500);
    expect(BANK_BATCH * 400).toBeLessThanOrEqual(batchMaxTokens(BANK_BATCH));
    expect(batchMaxTokens(BANK_BATCH)).toBeLessThanOrEqual(prompts.evaluation.maxTokens);
  });

  it('gives every question a new random id, never p1..pN, and tops up without repeating a stem', async () => {
    const first = await buildQuestionBank(offlineModel, input);
    const more = await buildQuestionBank(offlineModel, input, { wanted: 20, minimum: 10, existing: first.preguntas.map((q) => q.enunciado) });
    const ids = [...first.preguntas, ...more.preguntas].map((q) => q.preguntaId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^q[0-9a-f]{16}$/);
    const stems = new Set(first.preguntas.map((q) => normalise(q.enunciado)));
    expect(more.preguntas.filter((q) => stems.has(normalise(q.enunciado)))).toEqual([]);
  });

  it('never brings back a stem met long ago, known only by its fingerprint', async () => {
    const first = await buildQuestionBank(offlineModel, input, { wanted: 16, minimum: 8 });
    const again = await buildQuestionBank(offlineModel, input, { wanted: 16, minimum: 8, metHashes: first.preguntas.map((q) => stemHash(q.enunciado)) });
    const old = new Set(first.preguntas.map((q) => normalise(q.enunciado)));
    expect(again.preguntas.filter((q) => old.has(normalise(q.enunciado)))).toEqual([]);
  });

  it('is deterministic from the offline writer, apart from where our code puts each key', async () => {
    const strip = (qs: { enunciado: string; fuente?: string }[]) => qs.map((q) => [q.enunciado, q.fuente]);
    expect(strip((await buildQuestionBank(offlineModel, input)).preguntas)).toEqual(strip((await buildQuestionBank(offlineModel, input)).preguntas));
  });

  it('never stores a refused question: rewrites it once, drops it if still refused', async () => {
    const good = Array.from({ length: 11 }, (_, i) => goodQuestion(i + 1));
    const cue = goodQuestion(20, { enunciado: 'Si la exposición es la luz total que recibe el sensor, ¿qué es?' });
    const twoRight = goodQuestion(21, { enunciado: 'Caso 21: ¿qué dos cosas mide la exposición?' });
    const log: string[] = [];
    const model = (async (spec, data) => {
      log.push(spec.tool);
      if (spec.tool === 'verificar_preguntas') {
        const qs = (data as { preguntas: Shown[] }).preguntas;
        const other = (q: Shown) => q.opciones.find((o) => o.texto !== RIGHT)?.opcion ?? 'B';
        return result({ veredictos: qs.map((q, indice) => ({ indice, respuesta: blind(q), opcionesDefendibles: q.enunciado.includes('dos cosas') ? [blind(q), other(q)] : [blind(q)], enunciadoDelata: false, valida: true, motivo: 'ok' })) }, spec.tool);
      }
      const rewriting = Array.isArray((data as { reescribir?: unknown }).reescribir);
      // The rewrite repairs one of the two and repeats the other's mistake.
      const preguntas: GeneratedQuestion[] = rewriting ? [goodQuestion(30), twoRight] : [...good, cue, twoRight];
      return result({ preguntas }, spec.tool);
    }) as StructuredModel;
    const { preguntas } = await buildQuestionBank(model, input, { wanted: BANK_BATCH, minimum: 10 });
    expect(log).toEqual(['registrar_evaluacion', 'verificar_preguntas', 'registrar_evaluacion', 'verificar_preguntas']);
    expect(preguntas.map((q) => q.enunciado)).toEqual([...good, goodQuestion(30)].map((q) => q.enunciado));
  });

  it('fails the module rather than store fewer sound questions than an attempt needs', async () => {
    const model = (async (spec, data) =>
      spec.tool === 'verificar_preguntas'
        ? result({ veredictos: (data as { preguntas: Shown[] }).preguntas.map((q, indice) => ({ indice, respuesta: blind(q), opcionesDefendibles: [blind(q)], enunciadoDelata: false, valida: true, motivo: 'ok' })) }, spec.tool)
        : result({ preguntas: [1, 2, 3].map((n) => goodQuestion(n)) }, spec.tool)) as StructuredModel;
    await expect(buildQuestionBank(model, input)).rejects.toMatchObject({ name: 'InvalidModelOutput' });
  });
});

describe("the offline writer's verifier", () => {
  const asShown = (q: GeneratedQuestion) => ({ enunciado: q.enunciado, fuente: q.fuente, opciones: q.opciones.map((o, i) => ({ opcion: 'ABCD'[i], texto: o.texto })) });
  const judge = (q: GeneratedQuestion) => offlineVerdicts({ preguntas: [asShown(q)] }).veredictos[0];

  it('accepts the questions it wrote', () => {
    const { preguntas } = offlineToolInput('registrar_evaluacion', { ...input, preguntas: 14 }) as { preguntas: GeneratedQuestion[] };
    const verdicts = offlineVerdicts({ preguntas: preguntas.map(asShown) }).veredictos;
    expect(verdicts.every((v) => v.valida)).toBe(true);
    // Blind, it still answers with the option the writer made correct: the one stating the lesson sentence.
    expect(verdicts.map((v) => v.respuesta)).toEqual(preguntas.map((q) => q.correcta));
  });

  it('rejects a stem that contains the correct option', () => {
    expect(judge(goodQuestion(1, { enunciado: '¿Es la luz total que recibe el sensor lo que mide la exposición?' }))).toMatchObject({ valida: false, enunciadoDelata: true });
  });

  it('rejects two options equal to the source sentence', () => {
    const q = goodQuestion();
    q.opciones[0].texto = q.fuente;
    q.opciones[2].texto = `${q.fuente} `;
    expect(judge(q)).toMatchObject({ valida: false, opcionesDefendibles: ['A', 'C'] });
  });
});
