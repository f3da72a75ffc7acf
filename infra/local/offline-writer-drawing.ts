import { diagramBlock, DIAGRAM_LIMITS, type Diagram } from '../../lambdas/contract/diagrams';

// Issue 43: the offline tutor draws when asked ("dibuja", "dibújame", "¿me lo dibujas?", "un esquema"),
// so `npm start` and the end-to-end tests show the tutor's drawing without a model: a `proceso`
// through the sections of the lesson passages it was given, in the lesson's order, in the block
// the tutor prompt asks for (tutor-drawing.ts). It goes through the same checks as a model's.

/** A message that asks for a drawing (already without accents and in lower case). */
export const asksForDrawing = (normalized: string) => /\b(dibuj\w*|esquema|diagrama)\b/.test(normalized);

const STEPS = ['La idea clave', 'Un ejemplo', 'Cómo aplicarlo'];

/** A label within the readable limit, cut at a word. */
function label(text: string, max: number = DIAGRAM_LIMITS.texto): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The answer's Markdown: a sentence, the diagram, a question. */
export function offlineDrawing(demo: string, leccion: string, sections: string[]): string {
  // A heading too long for a box is left out rather than cut mid-phrase.
  const found = [...new Set(sections.map((s) => s.replace(/\s+/g, ' ').trim()))].filter((s) => s && s.length <= DIAGRAM_LIMITS.texto).slice(0, 6);
  const steps = found.length >= 2 ? found : STEPS.map((s) => label(`${s}: ${leccion}`));
  const diagram: Diagram = {
    tipo: 'proceso',
    titulo: label(`El recorrido de «${leccion}»`, DIAGRAM_LIMITS.titulo),
    descripcion: label(`Un esquema de la lección «${leccion}», paso a paso: ${steps.join('; después, ')}.`, DIAGRAM_LIMITS.descripcion),
    nodos: steps.map((texto, i) => ({ id: `p${i + 1}`, texto })),
  };
  return [
    demo, '', `Claro, te lo dibujo. Este es el recorrido de **${leccion}**, paso a paso:`, '',
    diagramBlock(diagram), '',
    '**Para comprobar que lo tienes:** ¿qué paso del esquema te cuesta más? Explícamelo con tus palabras.',
  ].join('\n');
}
