import { readDiagramBlock } from '../../contract/diagram-fence';
import { DIAGRAM_LIMITS, isDiagramFence, parseDiagram } from '../../contract/diagrams';

// Issue 43: where a lesson's Markdown is made (lesson-markdown.ts), its diagram blocks are checked by
// the contract's own validator: a block that fails, and any past the lesson's two, is removed before
// the lesson is stored, so no reader (web, SCORM, narration, tutor) ever gets it. The model is not yet
// asked for diagrams (no repair turn yet); today the blocks come from the team's featured courses.

export interface DroppedDiagram {
  /** 1 for the lesson's first diagram block. */
  n: number;
  problems: string[];
}

/** The Markdown with only its drawable diagram blocks (at most DIAGRAM_LIMITS.porLeccion), and what was dropped. */
export function keepDrawableDiagrams(markdown: string): { markdown: string; dropped: DroppedDiagram[] } {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const dropped: DroppedDiagram[] = [];
  let kept = 0;
  let n = 0;
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inCode && isDiagramFence(line)) {
      const { body, next, closed } = readDiagramBlock(lines, i);
      i = next - 1;
      n++;
      const { problems } = closed ? parseDiagram(body) : { problems: ['El bloque del diagrama no se cierra con ```.'] };
      const over = !problems.length && kept >= DIAGRAM_LIMITS.porLeccion;
      if (problems.length || over) dropped.push({ n, problems: over ? [`Una lección lleva como mucho ${DIAGRAM_LIMITS.porLeccion} diagramas.`] : problems });
      else {
        kept++;
        out.push(line, body, '```');
      }
      continue;
    }
    if (/^```/.test(line)) inCode = !inCode;
    out.push(line);
  }
  return { markdown: out.join('\n'), dropped };
}
