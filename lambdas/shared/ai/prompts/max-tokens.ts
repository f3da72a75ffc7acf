// Each prompt's output cap, apart from its Spanish text. The budget's holds (lambdas/plans/budget-estimates.ts)
// price every purpose by its cap, and they are taken in most Lambdas: reading the caps off the `prompts` object
// put every prompt's text in each of those bundles (the tutor's alone about 5 KB in the evaluations bundle,
// which sits at its 700 KB budget). The prompts read their caps from here, so the two never differ.

export const MAX_TOKENS = {
  suggestions: 2000,
  outline: 4500,
  lesson: 4500,
  // The most any question batch may ask (question-bank.ts cuts each call's to its size, batchMaxTokens).
  evaluation: 4500,
  verifier: 3000,
  tutor: 1500,
  diplomado: 3000,
  /** The tutor's leak check: a yes or no and the sentence at fault. */
  tutorLeak: 300,
  /** One repair turn of a lesson's broken diagrams. */
  diagramRepair: 1500,
  /** The tutor's repair turn of its one diagram (twelve short nodes and a description: about 600 tokens). */
  tutorDiagram: 800,
} as const;
