import { offlineToolInput } from '../../../infra/local/offline-writer';
import { offlineKeyIndex } from '../../../infra/local/offline-writer-evaluation';
import { BALANCE_CAP, BALANCE_REASONS, balanceBank } from '../../../lambdas/evaluations/bank-balance';
import { BANK_BATCH, buildQuestionBank } from '../../../lambdas/evaluations/question-bank';
import type { GeneratedQuestion } from '../../../lambdas/shared/ai/schemas';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { ruleHits, TEST_WISE_RULES, testWiseness, type TestWiseRule } from '../../../lambdas/shared/ai/test-wise';
import { BANK_INPUT, goodQuestion, LESSONS } from './fixtures';

// Issue 41 item 7: every bank is balanced by code. One test per test-wise rule: a bank where the
// rule finds many keys comes out of the balance with the rule at or below the cap, the refused
// questions named by that rule; a bank at chance comes out whole.

const LESSON = 'El perro grande come pan duro cada tarde en la plaza del pueblo.';
const lessons = { l01: LESSON };
/** Options of one length, no word in common, none in the stem or the lesson: every rule ties them all. */
const NEUTRAL = ['gatos blanco', 'vacas marrón', 'cabra pardas', 'ovejas negra'];

function question(n: number, opciones: string[], enunciado = `Caso ${n}: ¿cuál elegiría un experto?`): GeneratedQuestion {
  return {
    lessonId: 'l01',
    objetivoId: 'o1',
    bloom: 'comprender',
    fuente: LESSON,
    enunciado,
    opciones: opciones.map((texto, i) => ({ texto, explicacion: 'Porque sí.', ...(i > 0 && { conceptoErroneo: 'Un error' }) })),
    correcta: 'A',
  };
}

/** A question whose key (option A) the rule picks alone. */
const GIVEAWAY: Record<TestWiseRule, (n: number) => GeneratedQuestion> = {
  larga: (n) => question(n, ['gatos blancos y rayados', ...NEUTRAL.slice(1)]),
  corta: (n) => question(n, ['gatos', ...NEUTRAL.slice(1)]),
  eco: (n) => question(n, NEUTRAL, `Caso ${n}: ¿qué hacen los gatos de color blanco?`),
  distinta: (n) => question(n, ['lobos grises', 'vacas marrón', 'vacas pardas', 'vacas negras']),
  literal: (n) => question(n, ['perro grande come pan', 'gato flaco bebe leche', 'vaca lenta pace trigo', 'oveja negra duerme ya']),
};
const hitsOf = (q: GeneratedQuestion) => ruleHits({ enunciado: q.enunciado, opciones: q.opciones.map((o) => o.texto), key: 0, leccion: LESSON });
const rateOf = (qs: GeneratedQuestion[], rule: TestWiseRule) => testWiseness(qs.map((q) => ({ enunciado: q.enunciado, opciones: q.opciones.map((o) => o.texto), key: 0, leccion: LESSON })))[rule];

describe('the bank balance', () => {
  it('leaves a bank at chance whole: every rule finds a quarter of the keys', () => {
    const bank = Array.from({ length: 12 }, (_, i) => question(i, NEUTRAL));
    for (const rule of TEST_WISE_RULES) expect(hitsOf(bank[0])[rule]).toBe(0.25);
    expect(balanceBank(bank, lessons)).toMatchObject({ kept: bank, refused: [] });
  });

  it.each(TEST_WISE_RULES)('refuses the keys rule «%s» finds beyond the cap, naming the rule, and keeps the rest', (rule) => {
    expect(hitsOf(GIVEAWAY[rule](0))[rule]).toBe(1);
    const giveaways = Array.from({ length: 8 }, (_, i) => GIVEAWAY[rule](i));
    const neutral = Array.from({ length: 12 }, (_, i) => question(100 + i, NEUTRAL));
    const bank = [...giveaways.slice(0, 4), ...neutral, ...giveaways.slice(4)];
    expect(rateOf(bank, rule)).toBeGreaterThan(BALANCE_CAP);
    const { kept, refused, rates } = balanceBank(bank, lessons);
    expect(rateOf(kept, rule)).toBeLessThanOrEqual(BALANCE_CAP);
    expect(rates[rule]).toBeLessThanOrEqual(BALANCE_CAP);
    // Only giveaways leave, each with the rule's reason for the writer; every neutral question stays.
    expect(refused.map((r) => r.pregunta).every((q) => giveaways.includes(q))).toBe(true);
    expect(refused.every((r) => r.problemas.includes(BALANCE_REASONS[rule]))).toBe(true);
    expect(kept.filter((q) => neutral.includes(q))).toEqual(neutral);
  });

  it('has the writer rewrite what it refused, the rule named, and keeps the rewrites that balance the bank', async () => {
    const rewrites: string[][] = [];
    const longKey = (n: number) => goodQuestion(n, { opciones: goodQuestion(n).opciones.map((o, i) => (i ? o : { ...o, texto: 'la luz total que recibe el sensor durante la toma' })) });
    const model = (async (spec, data) => {
      const d = data as { preguntas: unknown; reescribir?: { pregunta: GeneratedQuestion; problemas: string[] }[] };
      if (spec.tool === 'verificar_preguntas') {
        const qs = d.preguntas as { opciones: { opcion: string; texto: string }[] }[];
        const key = (q: (typeof qs)[number]) => q.opciones.find((o) => o.texto.startsWith('la luz total'))!.opcion;
        return { value: { veredictos: qs.map((q, indice) => ({ indice, respuesta: key(q), opcionesDefendibles: [key(q)], enunciadoDelata: false, valida: true, motivo: 'ok' })) }, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'v', demo: false };
      }
      if (d.reescribir) rewrites.push(d.reescribir.flatMap((r) => r.problemas));
      // The writer's first answers all make the key the longest option; its rewrites do not.
      const preguntas = d.reescribir ? d.reescribir.map((r, i) => goodQuestion(200 + i, { enunciado: `${r.pregunta.enunciado} (bis)` })) : Array.from({ length: Number(d.preguntas) }, (_, i) => longKey(i + 1));
      return { value: { preguntas }, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'v', demo: false };
    }) as StructuredModel;
    const input = { curso: { topic: 'Fotografía', level: 'principiante', titulo: 'F' }, modulo: { titulo: 'Luz', descripcion: 'La luz' }, lecciones: [{ lessonId: 'l01', titulo: 'La exposición', contenido: LESSONS.l01 }] };
    const { preguntas } = await buildQuestionBank(model, input, { wanted: BANK_BATCH, minimum: 4 });
    expect(rewrites.flat().length).toBeGreaterThan(0);
    expect(rewrites.flat().every((p) => p === BALANCE_REASONS.larga)).toBe(true);
    const rates = testWiseness(preguntas.map((q) => ({ enunciado: q.enunciado, opciones: q.opciones, key: 'ABCD'.indexOf(q.correcta), leccion: LESSONS.l01 })));
    expect(rates.larga).toBeLessThanOrEqual(BALANCE_CAP);
  });
});

describe("the offline writer's options (issue 42: its key was always the shortest, the lesson's own sentence)", () => {
  const input = BANK_INPUT;

  it('are balanced: over a batch no rule finds more keys than the cap, and the one true option is found blind', () => {
    const { preguntas } = offlineToolInput('registrar_evaluacion', { ...input, preguntas: 16 }) as { preguntas: GeneratedQuestion[] };
    const texts = (q: GeneratedQuestion) => q.opciones.map((o) => o.texto);
    const lessonOf = (q: GeneratedQuestion) => LESSONS[q.lessonId as keyof typeof LESSONS];
    const rates = testWiseness(preguntas.map((q) => ({ enunciado: q.enunciado, opciones: texts(q), key: 0, leccion: lessonOf(q) })));
    for (const rule of TEST_WISE_RULES) expect([rule, rates[rule]]).toEqual([rule, expect.any(Number)]);
    expect(Math.max(...Object.values(rates))).toBeLessThanOrEqual(BALANCE_CAP);
    // Without the sentence (as a test answering on purpose) and with it (as the blind verifier).
    expect(preguntas.map((q) => offlineKeyIndex(texts(q)))).toEqual(preguntas.map(() => 0));
    expect(preguntas.map((q) => offlineKeyIndex(texts(q), q.fuente))).toEqual(preguntas.map(() => 0));
    // The key is not always the lesson's sentence word for word.
    expect(preguntas.filter((q) => q.opciones[0].texto === q.fuente).length).toBeLessThan(preguntas.length / 2);
  });
});
