import { DIAGRAM_LIMITS, DIAGRAM_TYPES } from '../../lambdas/contract/diagram-limits';
import { diagramBlock, type Diagram } from '../../lambdas/contract/diagrams';
import type { Data } from './offline-writer-data';
import type { LessonWords } from './offline-writer-lesson-body';

// Issue 43: the offline writer draws as a model is asked to. Every generated (non-featured) lesson
// gets a proceso of its worked example's three steps, built by code from the lesson's own terms,
// so `npm start` shows a model-path diagram without a model. It also answers the diagram repair turn
// (`corregir_diagramas`) by code: what a diagram's text can keep within the limits, it keeps.

const L = DIAGRAM_LIMITS;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** At most `max` characters, cut at a word with an ellipsis. */
export function cut(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const head = t.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:«]+$/, '')}…`;
}

/** The worked example's steps (offline-writer-lesson.ts) as a process diagram. */
export function lessonProcess(w: LessonWords): Diagram {
  const steps = [`Definir qué quieres lograr con ${w.term}`, `Aplicar «${w.term2}» en un paso pequeño`, `Comprobar con «${w.term3}» y ajustar`];
  return {
    tipo: 'proceso',
    titulo: cut(`Los tres pasos del ejemplo: ${w.term}`, L.titulo),
    descripcion: cut(`Un proceso de tres pasos, en orden: ${steps.map((s) => s.replace(/[«»]/g, '')).join('; ')}. Después se vuelve a empezar con el paso siguiente.`, L.descripcion),
    nodos: steps.map((s, i) => ({ id: `p${i + 1}`, texto: cut(s, L.texto) })),
  };
}

/** The diagram's Markdown block, for the end of an explanation section. */
export const lessonProcessBlock = (w: LessonWords) => diagramBlock(lessonProcess(w));

type Node = { id: string; texto: string; columna?: 'a' | 'b' };

/** One broken diagram fixed by code where it can be: undefined when nothing drawable is left. */
function fixed(value: unknown): Diagram | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Data;
  const tipo = (DIAGRAM_TYPES as readonly string[]).includes(str(v.tipo)) ? (v.tipo as Diagram['tipo']) : 'proceso';
  const seen = new Set<string>();
  const nodos: Node[] = [];
  for (const raw of Array.isArray(v.nodos) ? v.nodos : []) {
    const n = (raw ?? {}) as Data;
    const texto = cut(str(n.texto), L.texto);
    let id = str(n.id) || `n${nodos.length + 1}`;
    while (seen.has(id)) id = `${id}b`;
    if (!texto || nodos.length >= L.nodos) continue;
    seen.add(id);
    nodos.push({ id, texto, ...(tipo === 'comparacion' && (n.columna === 'a' || n.columna === 'b') && { columna: n.columna }) });
  }
  if (nodos.length < L.minNodos) return undefined;
  const aristas = tipo === 'jerarquia' && Array.isArray(v.aristas) ? (v.aristas as { de: string; a: string }[]).filter((e) => seen.has(e.de) && seen.has(e.a)) : undefined;
  const descripcion = cut(str(v.descripcion) || nodos.map((n) => n.texto).join('; '), L.descripcion);
  return { tipo, titulo: cut(str(v.titulo) || 'Diagrama de la lección', L.titulo), descripcion, nodos, ...(aristas?.length && { aristas }) };
}

/** The answer to `corregir_diagramas`: each block whose JSON parses, fixed; the rest left out (no fix). */
export function offlineDiagramRepair(d: Data) {
  const asked = Array.isArray(d.diagramas) ? (d.diagramas as Data[]) : [];
  return {
    diagramas: asked.flatMap((item) => {
      let value: unknown;
      try {
        value = JSON.parse(str(item.bloque));
      } catch {
        return [];
      }
      const diagrama = fixed(value);
      return diagrama && typeof item.n === 'number' ? [{ n: item.n, diagrama }] : [];
    }),
  };
}
