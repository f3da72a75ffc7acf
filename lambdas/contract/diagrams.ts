import * as z from 'zod';
import { DIAGRAM_LANG } from './diagram-fence';
import { DIAGRAM_LIMITS, DIAGRAM_TYPES } from './diagram-limits';

export { DIAGRAM_LANG, isDiagramFence } from './diagram-fence';

// Issue 43: a lesson's diagrams as data that code lays out (web/src/features/lesson/lesson-diagram.tsx),
// not a diagram language a model can misspell. A diagram travels inside the lesson's Markdown as a
// fenced block in the language `diagrama` whose body is the JSON below, placed after the paragraph it
// illustrates; so it goes wherever the lesson's text goes (a copy, a shared page) with no new field.
// The same check runs where a lesson is written (lambdas/shared/ai/lesson-diagrams.ts drops what fails)
// and where it is drawn (the web draws only what passes): a learner never sees a broken diagram.

export { DIAGRAM_LIMITS, DIAGRAM_TYPES, type DiagramType } from './diagram-limits';

export const diagram = z
  .object({
    tipo: z.enum(DIAGRAM_TYPES),
    titulo: z.string(),
    /** The text alternative, read by a screen reader (and by narration, later): what the picture shows, in sentences. */
    descripcion: z.string(),
    /**
     * In reading order: the process's steps, the cycle's stages (the last leads back to the first), the
     * timeline's events, the tree's nodes. A comparison's nodes each name their column; a column's first
     * node is its heading.
     */
    nodos: z.array(z.object({ id: z.string(), texto: z.string(), columna: z.enum(['a', 'b']).optional() }).strict()),
    /** Only a jerarquia's: parent → child. The other types are drawn in the nodes' order. */
    aristas: z.array(z.object({ de: z.string(), a: z.string() }).strict()).optional(),
  })
  .strict();
export type Diagram = z.infer<typeof diagram>;

const blank = (s: string) => s.trim().length === 0;

/** The tree's cycle, if the edges (parent → child) have one. */
function hasCycle(ids: string[], edges: { de: string; a: string }[]): boolean {
  const children = new Map(ids.map((id) => [id, [] as string[]]));
  for (const e of edges) children.get(e.de)?.push(e.a);
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 1) return true;
    if (state.get(id) === 2) return false;
    state.set(id, 1);
    const found = (children.get(id) ?? []).some(visit);
    state.set(id, 2);
    return found;
  };
  return ids.some(visit);
}

/** What is wrong with a diagram, in Spanish (for a repair turn and the log); empty when it can be drawn. */
export function diagramProblems(value: unknown): string[] {
  const parsed = diagram.safeParse(value);
  if (!parsed.success) return [`El diagrama no tiene la forma esperada: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'raíz'}: ${i.message}`).join('; ')}`];
  const d = parsed.data;
  const L = DIAGRAM_LIMITS;
  const problems: string[] = [];
  if (blank(d.titulo)) problems.push('El diagrama no tiene título (su pie de figura).');
  if (d.titulo.length > L.titulo) problems.push(`El título del diagrama pasa de ${L.titulo} caracteres.`);
  if (blank(d.descripcion)) problems.push('El diagrama no tiene descripción (su texto alternativo).');
  if (d.descripcion.length > L.descripcion) problems.push(`La descripción del diagrama pasa de ${L.descripcion} caracteres.`);
  if (d.nodos.length < L.minNodos) problems.push(`Un diagrama necesita al menos ${L.minNodos} nodos.`);
  if (d.nodos.length > L.nodos) problems.push(`El diagrama tiene ${d.nodos.length} nodos; el máximo legible es ${L.nodos}.`);
  const ids = d.nodos.map((n) => n.id);
  const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dup.length) problems.push(`Ids de nodo repetidos: ${[...new Set(dup)].join(', ')}.`);
  for (const n of d.nodos) {
    if (blank(n.texto)) problems.push(`El nodo ${n.id} no tiene texto.`);
    if (n.texto.length > L.texto) problems.push(`El texto del nodo ${n.id} pasa de ${L.texto} caracteres.`);
  }
  const aristas = d.aristas ?? [];
  const known = new Set(ids);
  for (const e of aristas) {
    if (!known.has(e.de) || !known.has(e.a)) problems.push(`La arista ${e.de} → ${e.a} nombra un nodo que no existe.`);
  }
  if (d.tipo !== 'jerarquia' && aristas.length) problems.push(`Un diagrama de tipo ${d.tipo} no lleva aristas: se dibuja en el orden de sus nodos.`);
  if (d.tipo === 'jerarquia' && !aristas.length) problems.push('Una jerarquía necesita aristas (padre → hijo).');
  if (d.tipo === 'jerarquia' && !problems.length) {
    const parents = new Map<string, number>();
    for (const e of aristas) parents.set(e.a, (parents.get(e.a) ?? 0) + 1);
    if (hasCycle(ids, aristas)) problems.push('Una jerarquía no puede tener ciclos (usa el tipo ciclo).');
    else if ([...parents.values()].some((n) => n > 1)) problems.push('En una jerarquía cada nodo tiene un solo padre.');
    else if (ids.filter((id) => !parents.has(id)).length !== 1) problems.push('Una jerarquía tiene una sola raíz (un nodo sin padre) y todos los demás nodos cuelgan de ella.');
  }
  if (d.tipo === 'comparacion') {
    const { a, b } = diagramColumns(d);
    if (d.nodos.some((n) => !n.columna)) problems.push('En una comparación cada nodo dice su columna ("a" o "b").');
    else if (a.length < 2 || b.length < 2) problems.push('Una comparación necesita en cada columna un encabezado y al menos un elemento.');
  } else if (d.nodos.some((n) => n.columna)) problems.push('Solo una comparación reparte sus nodos en columnas.');
  return problems;
}

/** A comparison's two columns, each headed by its first node. */
export function diagramColumns(d: Diagram): { a: Diagram['nodos']; b: Diagram['nodos'] } {
  return { a: d.nodos.filter((n) => n.columna === 'a'), b: d.nodos.filter((n) => n.columna === 'b') };
}

/** A fenced block's body as a diagram, or its problems (JSON that does not parse is one). */
export function parseDiagram(body: string): { diagram: Diagram; problems: [] } | { diagram?: undefined; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { problems: ['El diagrama no es JSON válido.'] };
  }
  const problems = diagramProblems(value);
  return problems.length ? { problems } : { diagram: diagram.parse(value), problems: [] };
}

/** A diagram as the Markdown block a lesson carries (the team's featured courses write theirs with it). */
export const diagramBlock = (d: Diagram) => `\`\`\`${DIAGRAM_LANG}\n${JSON.stringify(d)}\n\`\`\``;
