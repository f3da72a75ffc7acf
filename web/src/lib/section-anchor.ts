// A lesson section's address (issue 34 item 3): the evaluation's "Repasa la lección «…», sección «…»"
// names a heading of the lesson by its raw Markdown text (lambdas/shared/ai/evaluation-checks.ts
// sectionOf), and the lesson's Markdown headings get their id from this same function
// (components/markdown.tsx), so `#id` lands on it. The prefix keeps a heading called "Evaluación" from
// taking an id the page already uses.

export function sectionAnchor(heading: string): string {
  const words = heading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  return `seccion-${words}`;
}
