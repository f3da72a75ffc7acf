// Issue 43: how a lesson's Markdown marks a diagram (contract/diagrams.ts says what its body holds).
// Apart from the schema, with no import, so the course page's first JavaScript can find the blocks
// without carrying zod: the lazily loaded renderer checks them.

export const DIAGRAM_LANG = 'diagrama';

/** The line that opens a diagram's block (it closes at the next line starting with ```). */
export const isDiagramFence = (line: string) => /^```diagrama\s*$/.test(line);

/**
 * The body of the diagram block opened at `lines[open]` and the index of the line after it. A block
 * left unclosed ends at the next heading (`closed: false`, and broken): a model's missing fence never
 * swallows the lesson's following sections.
 */
export function readDiagramBlock(lines: string[], open: number): { body: string; next: number; closed: boolean } {
  let i = open + 1;
  for (; i < lines.length && !/^```/.test(lines[i]) && !/^#{1,6}\s/.test(lines[i]); i++);
  const closed = i < lines.length && /^```/.test(lines[i]);
  return { body: lines.slice(open + 1, i).join('\n'), next: closed ? i + 1 : i, closed };
}
