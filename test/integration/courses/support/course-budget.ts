import * as z from 'zod';
import { BANK_BATCH, BANK_SIZE, batchMaxTokens } from '../../../../lambdas/evaluations/question-bank';
import { costUsd, type ModelPurpose } from '../../../../lambdas/shared/ai/model-table';
import { prompts, renderPrompt, systemPrompt } from '../../../../lambdas/shared/ai/prompts';

// What a course may cost, derived from the model table and the prompts rather than written down:
// every call a course of that size makes, each priced at the model that served it as if it wrote
// its prompt's whole maxTokens and read everything it is written from. Real answers are a fraction
// of maxTokens, so the bound holds with the repairs and retries a faulty model causes, yet a
// runaway loop, a purpose on a model many times dearer, or calls counted twice break it.

export interface CourseUsage {
  modelos: string[];
  porModelo: { modelId: string; tokensEntrada: number; tokensSalida: number; tokensCacheLeidos?: number; tokensCacheEscritos?: number; costeEstimadoUSD: number }[];
  tokensEntrada: number;
  tokensSalida: number;
  costeEstimadoUSD: number;
}

const tokens = (text: string) => Math.ceil(text.length / 4);
/** The prompt's own text and its tool's schema: what every call of the purpose sends besides its data. */
const overhead = (purpose: ModelPurpose) => {
  const spec = prompts[purpose];
  return tokens(systemPrompt(spec)) + tokens(spec.toolDescription) + tokens(renderPrompt(spec, {})) + tokens(JSON.stringify(z.toJSONSchema(spec.schema, { target: 'draft-7', io: 'input' })));
};
/** A question batch asks for its own cap (question-bank.ts batchMaxTokens), every other call its prompt's. */
const out = (purpose: ModelPurpose) => (purpose === 'evaluation' ? batchMaxTokens(BANK_BATCH) : prompts[purpose].maxTokens);

/** Calls and worst-case input per call, per purpose, for a course of `modulos` × `lecciones`. */
export function courseCalls(modulos: number, lecciones: number): { purpose: ModelPurpose; calls: number; input: number }[] {
  const batches = Math.ceil(BANK_SIZE / BANK_BATCH);
  return [
    { purpose: 'outline', calls: 1, input: overhead('outline') },
    // A lesson is written from the outline.
    { purpose: 'lesson', calls: modulos * lecciones, input: overhead('lesson') + out('outline') },
    // A module's question batch reads the module's lessons and the stems it must not repeat (about
    // 40 tokens each); the verifier reads one batch.
    { purpose: 'evaluation', calls: modulos * batches, input: overhead('evaluation') + lecciones * out('lesson') + BANK_SIZE * 40 },
    { purpose: 'verifier', calls: modulos * batches, input: overhead('verifier') + out('evaluation') },
  ];
}

/** The budget in USD, each purpose priced at `modelOf(purpose)` (the routed model, or the dearest a course may use). */
export function courseBudgetUsd(modulos: number, lecciones: number, modelOf: (purpose: ModelPurpose) => string): number {
  return courseCalls(modulos, lecciones).reduce((sum, c) => sum + c.calls * costUsd(modelOf(c.purpose), c.input, out(c.purpose)), 0);
}

/** The course's cost is the sum of its models' tokens priced by the table, to the rounding of a millionth of a dollar. */
export function expectPricedByTable(uso: CourseUsage): void {
  // Rounded to a millionth, the stored figure may sit exactly half a millionth from the exact price
  // (0.0336075 is stored 0.033608), which toBeCloseTo(…, 6) refuses: the bound is inclusive.
  for (const m of uso.porModelo) {
    // Cached input at the model's cache prices (issue 33), as Bedrock bills it.
    const exact = costUsd(m.modelId, m.tokensEntrada, m.tokensSalida, { read: m.tokensCacheLeidos, write: m.tokensCacheEscritos });
    const seen = { modelId: m.modelId, stored: m.costeEstimadoUSD, exact, withinHalfAMillionth: Math.abs(m.costeEstimadoUSD - exact) <= 5e-7 + 1e-12 };
    expect(seen).toEqual({ ...seen, withinHalfAMillionth: true });
  }
  expect(uso.tokensEntrada).toBe(uso.porModelo.reduce((s, m) => s + m.tokensEntrada, 0));
  expect(uso.tokensSalida).toBe(uso.porModelo.reduce((s, m) => s + m.tokensSalida, 0));
  expect(uso.costeEstimadoUSD).toBeCloseTo(uso.porModelo.reduce((s, m) => s + m.costeEstimadoUSD, 0), 5);
}
