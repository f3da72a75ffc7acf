import { OPTION_LETTERS } from '../contract';
import type { BankQuestion } from '../shared/ai/schemas';
import { hitVector, ruleHits } from '../shared/ai/test-wise';

// Issue 41: the learner model's test-wise classes (lambdas/learner-model/chance.ts) need, for each
// graded answer, how likely each test-wise rule was to find the question's key. Grading already
// holds the bank question (stem, options, key), so the hits are computed here once per answer, with
// no extra read. The lesson's text is not in the evaluation item: the `literal` rule ties its four
// options (0.25), as the item withdrawal's check does.

/** Per test-wise rule (TEST_WISE_RULES order), the probability it finds the question's key. */
export const ruleEvidenceOf = (q: Pick<BankQuestion, 'enunciado' | 'opciones' | 'correcta'>): number[] =>
  hitVector(ruleHits({ enunciado: q.enunciado, opciones: q.opciones, key: OPTION_LETTERS.indexOf(q.correcta) }));
