import { readDiagramBlock } from '../../contract/diagram-fence';
import { DIAGRAM_LANG, DIAGRAM_LIMITS, isDiagramFence, parseDiagram } from '../../contract/diagrams';

// Issue 43: where a lesson's Markdown is made, its diagram blocks are checked by the contract's own
// validator. A block that fails gets one repair turn (diagram-repair.ts); what still fails, and any
// past the lesson's two, is removed here before the lesson is stored, so no reader (web, SCORM,
// narration, tutor) ever gets it.

export interface DroppedDiagram {
  /** 1 for the lesson's first diagram block. */
  n: number;
  problems: string[];
}

/** One diagram block of a lesson, in reading order. */
export interface DiagramBlock {
  n: number;
  body: string;
  /** The validator's problems (empty: drawable); an unclosed block is one. */
  problems: string[];
}

export const UNCLOSED = 'El bloque del diagrama no se cierra con ```.';

/**
 * Walks the Markdown's diagram blocks (not those inside another code block): `visit` answers the
 * lines that replace each block (the fence, body and closing fence), or none to drop it.
 */
export function mapDiagramBlocks(markdown: string, visit: (block: DiagramBlock) => string[]): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let n = 0;
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inCode && isDiagramFence(line)) {
      const { body, next, closed } = readDiagramBlock(lines, i);
      i = next - 1;
      out.push(...visit({ n: ++n, body, problems: closed ? parseDiagram(body).problems : [UNCLOSED] }));
      continue;
    }
    if (/^```/.test(line)) inCode = !inCode;
    out.push(line);
  }
  return out.join('\n');
}

const fenced = (body: string) => [`\`\`\`${DIAGRAM_LANG}`, body, '```'];

/** Every diagram block of the Markdown with its problems. */
export function diagramBlocks(markdown: string): DiagramBlock[] {
  const found: DiagramBlock[] = [];
  mapDiagramBlocks(markdown, (b) => (found.push(b), []));
  return found;
}

/** The Markdown with the bodies of blocks `n` replaced (a repair's answers); other blocks as they were. */
export function withDiagramBodies(markdown: string, bodies: ReadonlyMap<number, string>): string {
  return mapDiagramBlocks(markdown, (b) => fenced(bodies.get(b.n) ?? b.body));
}

/**
 * The Markdown with every text a reader sees in its drawable diagrams (caption, description, labels)
 * passed through `edit`: the lesson's link rule reaches inside the JSON, which the prose's skips as code.
 */
export function editDiagramText(markdown: string, edit: (text: string) => string): string {
  return mapDiagramBlocks(markdown, (b) => {
    const d = parseDiagram(b.body).diagram;
    if (!d) return fenced(b.body);
    return fenced(JSON.stringify({ ...d, titulo: edit(d.titulo), descripcion: edit(d.descripcion), nodos: d.nodos.map((n) => ({ ...n, texto: edit(n.texto) })) }));
  });
}

/** How many diagrams a text keeps, and what stands where one was dropped (the tutor's short line; a lesson: nothing). */
export interface DiagramKeeping {
  limit?: number;
  instead?: string[];
}

/** The Markdown with only its drawable diagram blocks (at most `limit`, a lesson's two by default), and what was dropped. */
export function keepDrawableDiagrams(markdown: string, { limit = DIAGRAM_LIMITS.porLeccion, instead = [] }: DiagramKeeping = {}): { markdown: string; dropped: DroppedDiagram[] } {
  const dropped: DroppedDiagram[] = [];
  let kept = 0;
  const result = mapDiagramBlocks(markdown, ({ n, body, problems }) => {
    const over = !problems.length && kept >= limit;
    if (problems.length || over) {
      dropped.push({ n, problems: over ? [`${limit === DIAGRAM_LIMITS.porLeccion ? 'Una lección' : 'Este texto'} lleva como mucho ${limit} diagramas.`] : problems });
      return instead;
    }
    kept++;
    return fenced(body);
  });
  return { markdown: result, dropped };
}
