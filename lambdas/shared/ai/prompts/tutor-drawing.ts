import { DIAGRAM_SHAPE } from './diagrams';
import { diagramRepairPrompt } from './diagram-repair-prompt';
import { MAX_TOKENS } from './max-tokens';
import { tutorPrompt } from './tutor';

// Issue 43: the tutor draws ("¿me lo dibujas?"). The prompt the tutor Lambda sends is tutor.ts's with
// the drawing rule after its instructions, under its own version; like the lesson's diagram rule
// (diagrams.ts), it stays out of the prompts index, so only the tutor's bundle carries its text.
// What the model writes is checked by the contract's validator and repaired once or dropped
// (lambdas/tutor/drawing.ts).

const EXAMPLE = JSON.stringify({
  tipo: 'proceso',
  titulo: 'Cómo se prepara una infusión',
  descripcion: 'Se calienta el agua, se añaden las hojas, se espera y se cuela.',
  nodos: [{ id: 'a', texto: 'Calentar el agua' }, { id: 'b', texto: 'Añadir las hojas' }, { id: 'c', texto: 'Esperar y colar' }],
});

/** What the tutor is told about drawing: when, how many, where and in what form. */
export const TUTOR_DRAWING_RULE =
  'Dibujos: si el alumno te pide que le dibujes algo ("¿me lo dibujas?", "hazme un esquema") o un esquema le ayudaría ' +
  'de verdad, añade UN diagrama (nunca más de uno) como bloque de código «diagrama» con un JSON en una sola línea: ' +
  'escribe antes una frase que lo presente y después una que lo comente. Elige el tipo que enseña la idea (proceso, ' +
  `ciclo, jerarquía, comparación o línea de tiempo), con los términos de la lección y en español. ${DIAGRAM_SHAPE} ` +
  `Ejemplo:\n\`\`\`diagrama\n${EXAMPLE}\n\`\`\``;

/** The tutor's prompt as the tutor Lambda sends it (both chat paths). */
export const tutorDrawingPrompt = {
  ...tutorPrompt,
  version: 'tutor-v4',
  instructions: (d: Record<string, unknown>) => `${tutorPrompt.instructions(d)} ${TUTOR_DRAWING_RULE}`,
};

/**
 * The repair turn of the tutor's diagram: the lesson's repair prompt (its fixed text; the block, its
 * problems and the lesson's title go as fenced data), on the tutor's model and within its cap, so it
 * waits no longer than a tutor call and is held and metered as one (budget-estimates.ts).
 */
export const tutorDiagramRepairPrompt = {
  ...diagramRepairPrompt,
  purpose: 'tutor' as const,
  version: 'tutor-diagrama-v1',
  maxTokens: MAX_TOKENS.tutorDiagram,
};
