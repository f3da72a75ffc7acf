import { isDiagramFence, readDiagramBlock } from '../../../../lambdas/contract/diagram-fence';

// Issue 43: a tutor answer with its diagram (the server sends a block whole or not at all) split
// like a lesson's Markdown (lesson-content.tsx splitLesson): the text around it as Markdown, the
// block drawn by the lesson's lazily loaded renderer. A block not closed (an answer still arriving,
// a turn stored before the checks) is left out, never shown as code.

export type TurnPart = { kind: 'text'; md: string } | { kind: 'diagram'; body: string };

export function turnParts(markdown: string): TurnPart[] {
  if (!markdown.includes('```diagrama')) return [{ kind: 'text', md: markdown }];
  const parts: TurnPart[] = [];
  let md = '';
  let inCode = false;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inCode && isDiagramFence(line)) {
      const { body, next, closed } = readDiagramBlock(lines, i);
      i = next - 1;
      if (!closed) continue;
      if (md.trim()) parts.push({ kind: 'text', md });
      parts.push({ kind: 'diagram', body });
      md = '';
      continue;
    }
    if (/^```/.test(line)) inCode = !inCode;
    md += `${line}\n`;
  }
  if (md.trim()) parts.push({ kind: 'text', md });
  return parts;
}
