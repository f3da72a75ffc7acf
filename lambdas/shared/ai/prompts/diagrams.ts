import { DIAGRAM_LIMITS, DIAGRAM_TYPES } from '../../../contract/diagram-limits';

// Issue 43: how the model is told to draw, once for the lesson prompt and the diagram repair turn
// (diagram-repair-prompt.ts). The shape and limits are the contract's (contract/diagram-limits.ts), so
// what the prompt asks for is exactly what the validator accepts. Only fixed text here: a diagram's
// own text (the model's, perhaps taken from a learner's material) reaches a model only as fenced data.
// Every Lambda that calls a model carries every prompt of the prompts index (structured-output.ts
// imports it), so this rule is not in prompts/lesson.ts: the lesson writer adds it (withDiagramRule),
// and only the Lambdas that write lessons carry it (npm run bench lambda-bundles).

const L = DIAGRAM_LIMITS;

const EXAMPLE = JSON.stringify({
  tipo: 'ciclo',
  titulo: 'El ciclo del agua',
  descripcion: 'El agua se evapora, se condensa y cae como lluvia, una y otra vez.',
  nodos: [{ id: 'a', texto: 'Evaporación' }, { id: 'b', texto: 'Condensación' }, { id: 'c', texto: 'Lluvia' }],
});

/** The exact shape of a diagram's JSON, in Spanish. */
export const DIAGRAM_SHAPE =
  `JSON exacto: {"tipo": ${DIAGRAM_TYPES.join(' | ')}, "titulo": pie de figura (hasta ${L.titulo} caracteres), ` +
  `"descripcion": lo que muestra, para quien no lo ve (hasta ${L.descripcion}), "nodos": de ${L.minNodos} a ${L.nodos} ` +
  `{"id": único, "texto": hasta ${L.texto} caracteres} en orden de lectura, "aristas": [{"de": id, "a": id}] solo en una ` +
  'jerarquía (padre → hijo, una raíz, un padre por nodo)}. Sin aristas, los nodos van en orden (un ciclo vuelve al ' +
  'primero). En una comparación cada nodo lleva "columna": "a" o "b", y el primero de cada columna es su encabezado. ' +
  'Ningún otro campo.';

/** What the lesson prompt says about diagrams: when one teaches, how many, where and in what form. */
export const DIAGRAM_RULE =
  'Diagramas: si una imagen enseña mejor que el texto (proceso, ciclo, jerarquía, comparación, secuencia o línea de ' +
  `tiempo), añade como mucho ${L.porLeccion} en la explicación, tras el párrafo que ilustran; ` +
  'ninguno si no aporta. Cada uno es un bloque de código «diagrama» con un JSON en una línea, en español y con los ' +
  `términos de la lección. ${DIAGRAM_SHAPE} Ejemplo:\n\`\`\`diagrama\n${EXAMPLE}\n\`\`\``;

/** A lesson prompt (plain or grounded) with the diagram rule after its instructions. */
export const withDiagramRule = <P extends { instructions: (d: Record<string, unknown>) => string }>(spec: P): P => ({
  ...spec,
  instructions: (d: Record<string, unknown>) => `${spec.instructions(d)} ${DIAGRAM_RULE}`,
});
