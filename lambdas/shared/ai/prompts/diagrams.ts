import * as z from 'zod';
import { DIAGRAM_LIMITS, DIAGRAM_TYPES } from '../../../contract/diagram-limits';
import { TUTOR_SYSTEM } from './shared';

// Issue 43: how the model is told to draw, once for the lesson prompt and the diagram repair turn
// (diagram-repair.ts). The shape and limits are the contract's (contract/diagram-limits.ts), so
// what the prompt asks for is exactly what the validator accepts. Only fixed text here: a diagram's
// own text (the model's, perhaps taken from a learner's material) reaches a model only as fenced data.

const L = DIAGRAM_LIMITS;

const EXAMPLE = JSON.stringify({
  tipo: 'ciclo',
  titulo: 'El ciclo del agua',
  descripcion: 'Cuatro etapas que se repiten: el agua se evapora, se condensa en nubes, cae como lluvia y se acumula en ríos y mares.',
  nodos: [{ id: 'a', texto: 'Evaporación' }, { id: 'b', texto: 'Condensación' }, { id: 'c', texto: 'Precipitación' }, { id: 'd', texto: 'Acumulación' }],
});

/** The exact shape of a diagram's JSON, in Spanish. */
export const DIAGRAM_SHAPE =
  `Forma exacta del JSON: {"tipo": uno de ${DIAGRAM_TYPES.map((t) => `"${t}"`).join(', ')}; "titulo": el pie de figura en ` +
  `español (hasta ${L.titulo} caracteres); "descripcion": lo que muestra el diagrama, en una o dos frases, para quien no ` +
  `puede verlo (hasta ${L.descripcion} caracteres); "nodos": de ${L.minNodos} a ${L.nodos} objetos {"id": un id corto ` +
  `distinto en cada nodo, "texto": hasta ${L.texto} caracteres} en orden de lectura; "aristas": [{"de": id, "a": id}] solo ` +
  'en una jerarquía (padre → hijo, una sola raíz, cada nodo con un solo padre, sin ciclos)}. Los demás tipos no llevan ' +
  'aristas: se dibujan en el orden de sus nodos (un proceso o una línea de tiempo de izquierda a derecha, un ciclo vuelve ' +
  'del último al primero). En una comparación cada nodo lleva además "columna": "a" o "b", y el primer nodo de cada ' +
  'columna es su encabezado (dos columnas, cada una con su encabezado y al menos un elemento). No añadas otros campos.';

/** What the lesson prompt says about diagrams: when one teaches, how many, where and in what form. */
export const DIAGRAM_RULE =
  'Diagramas: cuando una imagen enseñe mejor que un párrafo (un proceso o un ciclo, una jerarquía o un mapa de ' +
  'conceptos, una comparación entre dos cosas, una secuencia o una línea de tiempo), añade un diagrama en el texto de ' +
  `un apartado de la explicación, justo después del párrafo que ilustra. Como mucho ${L.porLeccion} por lección, y ` +
  'ninguno si no aporta nada que el texto no diga ya con claridad. Un diagrama es un bloque de código en el lenguaje ' +
  '«diagrama» cuyo cuerpo es un objeto JSON en una sola línea, con el texto en español y los términos de la lección. ' +
  `${DIAGRAM_SHAPE} Ejemplo:\n\`\`\`diagrama\n${EXAMPLE}\n\`\`\``;

// The answer's schema is looser than the contract's on purpose: any diagram-shaped answer is taken,
// and the contract's own validator judges each one (a diagram still failing is dropped, not asked for
// again). The JSON schema the model is shown still names every field.
const repairedDiagram = () =>
  z.object({
    tipo: z.string().describe(DIAGRAM_TYPES.join(' | ')),
    titulo: z.string(),
    descripcion: z.string(),
    nodos: z.array(z.object({ id: z.string(), texto: z.string(), columna: z.string().optional().describe('"a" o "b", solo en una comparación') })),
    aristas: z.array(z.object({ de: z.string(), a: z.string() })).optional().describe('Solo en una jerarquía'),
  });

export const diagramRepairOutput = z.lazy(() =>
  z.object({
    diagramas: z
      .array(z.object({ n: z.number().int().min(1).describe('El "n" del diagrama corregido'), diagrama: repairedDiagram() }))
      .max(L.porLeccion)
      .describe('Los diagramas corregidos; uno que no tenga arreglo no se devuelve'),
  }),
);
export type DiagramRepairOutput = z.infer<typeof diagramRepairOutput>;

export const diagramRepairPrompt = {
  // The lesson's own model and fallbacks: the repair is part of writing the lesson.
  purpose: 'lesson' as const,
  version: 'diagramas-v1',
  tool: 'corregir_diagramas',
  toolDescription: 'Registra los diagramas de la lección corregidos, cada uno con su número.',
  system: TUTOR_SYSTEM,
  // Two diagrams of twelve short nodes and a description: about 1,000 tokens.
  maxTokens: 1500,
  instructions: () =>
    'Los datos traen, en "diagramas", diagramas de la lección "leccion" que no superan la validación: cada uno con su ' +
    'número ("n"), el texto de su bloque tal como se escribió ("bloque") y los problemas que encontró el validador ' +
    '("problemas"). Devuelve cada diagrama corregido con su mismo "n": el objeto completo, que resuelva todos sus ' +
    'problemas y enseñe lo mismo (acorta los textos, quita o reparte nodos, corrige los id o el tipo). Si un diagrama ' +
    `no tiene arreglo, no lo devuelvas. ${DIAGRAM_SHAPE} Todo en español.`,
  schema: diagramRepairOutput,
};
