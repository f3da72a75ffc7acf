// Issue 43: a tutor answer with its diagram (the server sends a block whole or not at all) split
// like a lesson's Markdown (lesson-content.tsx splitLesson): the text around it as Markdown, the
// block drawn by the lesson's lazily loaded renderer. A block not closed (an answer still arriving,
// a turn stored before the checks) is left out, never shown as code.
// The fence rule is contract/diagram-fence.ts's, written out here on purpose: importing it would make the
// course page's first JavaScript (which holds it for splitLesson) export it to this chunk, +37 B gzip
// (npm run bench web-bundle). test/web/tutor/tutor-drawing.test.tsx holds the two to the same answers.

/** A diagram's block as Markdown again (LessonContent draws it). */
export const diagramText = (body: string) => `\`\`\`diagrama\n${body}\n\`\`\``;

export type TurnPart = { kind: 'text'; md: string } | { kind: 'diagram'; body: string };

export function turnParts(markdown: string): TurnPart[] {
  if (!markdown.includes('```diagrama')) return [{ kind: 'text', md: markdown }];
  const parts: TurnPart[] = [];
  let md = '';
  let inCode = false;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inCode && /^```diagrama\s*$/.test(line)) {
      let j = i + 1;
      for (; j < lines.length && !/^```/.test(lines[j]) && !/^#{1,6}\s/.test(lines[j]); j++);
      const closed = j < lines.length && /^```/.test(lines[j]);
      const body = lines.slice(i + 1, j).join('\n');
      i = closed ? j : j - 1;
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
