import { STEP_TOKENS } from '../shared/ai/model-budget';
import { costUsd, ROUTES, type ModelPurpose } from '../shared/ai/model-table';
import { MAX_TOKENS } from '../shared/ai/prompts/max-tokens';
import { COURSE_SHAPE } from '../contract';
import { courseHoldUsd } from './course-cost';
import type { Counter } from './usage-store';

// What each kind of model work holds of the learner's month before it starts (ai-budget.ts
// `reserve`): an upper bound of what it costs, settled against what its calls really cost when it
// ends. Built from the estimates the model budget already keeps: a step of model work asks for at
// most STEP_TOKENS (its input estimate plus its maxTokens, model-budget.ts), priced at the
// purpose's routed model (model-table.ts) with the prompt's maxTokens as output.

const call = (purpose: ModelPurpose, maxTokens: number = MAX_TOKENS[purpose]) =>
  costUsd(ROUTES[purpose], STEP_TOKENS - maxTokens, maxTokens);

/**
 * The tutor's diagram repair turn: its input is bounded by what it carries (the fixed prompt, one block
 * cut at 4,000 characters, its problems: about 2,000 tokens), not a whole step's estimate; 3,000 is the margin.
 */
const DIAGRAM_REPAIR = costUsd(ROUTES.tutor, 3000, MAX_TOKENS.tutorDiagram);

/**
 * A module's question bank: priced as five full calls (model-budget.ts STEP_TOKENS) and one check of the
 * questions. Since issue 42 a bank is ten batches of four, each about half a call's output and most of
 * its input read from the prompt cache: the bench's ≈ $0.0086 a module (batches and verifier) stays under it.
 */
const BANK_CALLS = 5;

/** The largest course a plan allows (plans.ts `temario`): what a course holds when its shape is not known. */
const LARGEST_COURSE = courseHoldUsd(COURSE_SHAPE.maxModules, COURSE_SHAPE.maxLessons);

/**
 * USD held per unit of each counter. A course holds its measured cost with a margin (course-cost.ts):
 * POST /courses/plan holds for the shape asked (quotas.ts `consumeCourse`), a retry for the largest.
 */
export const RESERVE_USD: Record<Counter, number> = {
  cursos: LARGEST_COURSE,
  reintentos: LARGEST_COURSE,
  // The answer, its leak check and, when it draws (issue 43), its diagram's one repair turn (all on the tutor's model).
  tutor: call('tutor') + call('tutor', MAX_TOKENS.tutorLeak) + DIAGRAM_REPAIR,
  regeneraciones: call('lesson') + call('verifier'),
  variantesEvaluacion: BANK_CALLS * call('evaluation') + call('verifier'),
  // A top-up writes up to 40 unseen questions: at most a bank's calls (issue 40 measured ≈ $0.007 and 52k tokens).
  recargasEvaluacion: BANK_CALLS * call('evaluation') + call('verifier'),
  sugerencias: call('suggestions'),
  planesDiplomado: call('diplomado'),
  // Grading an open answer: one call on the tutor's model (review/grading-prompt.ts asks for less output).
  respuestasAbiertas: call('tutor'),
  // A Refuerzo guiado: one call on the evaluation model (evaluations/remedial-prompt.ts, 3000 tokens out).
  refuerzos: call('evaluation', 3000),
};
