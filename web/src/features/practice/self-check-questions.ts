// A lesson's self-check questions, read from its Markdown as the server reads them
// (lambdas/review/cards.ts, lambdas/shared/ai/lesson-markdown.ts): the numbered items between
// "### Comprueba lo que has aprendido" and "#### Respuestas". Position n is question n of the route.

const START = '### Comprueba lo que has aprendido';
const END = '#### Respuestas';

export function selfCheckQuestions(markdown: string): string[] {
  const section = markdown.split(START)[1]?.split(END)[0] ?? '';
  return section
    .split(/^\d+\.\s+/m)
    .slice(1)
    .map((q) => q.trim())
    .filter(Boolean);
}
