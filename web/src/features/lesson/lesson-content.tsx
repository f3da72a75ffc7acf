import { lazy, Suspense, useMemo } from 'react';
import { isDiagramFence, readDiagramBlock } from '../../../../lambdas/contract/diagram-fence';
import { FOLDED_SECTIONS, foldedSection } from '../../../../lambdas/contract/lesson-sections';
import type { NumberedSource } from '../../../../lambdas/contract/sources';
import MarkdownContent from '../../components/markdown';
import { sectionAnchor } from '../../lib/section-anchor';
import { citationsOf } from '../materials';

// A lesson's Markdown with its answers folded: the exercise's solution and the self-check answers
// (the "#### Solución" and "#### Respuestas" headings of lambdas/shared/ai/lesson-markdown.ts) sit
// behind a native <details> disclosure, so the learner tries first. Keyboard and screen readers
// get <summary> for free. Lessons written before the sections existed render unchanged. The
// disclosure carries the id its heading would have had: a study link stored before sectionOf stopped
// naming folded sections (`#seccion-respuestas`) lands on it, and opens it (the page's hash names it).

// A diagram block (issue 43, contract/diagrams.ts) becomes a part of its own, drawn by a component
// loaded only when a lesson has one, so the course page's first JavaScript stays the same.

const LessonDiagram = lazy(() => import('./lesson-diagram'));

type Part = { kind: 'text'; md: string } | { kind: 'folded'; heading: string; md: string } | { kind: 'diagram'; body: string };

export function splitLesson(markdown: string): Part[] {
  const parts: Part[] = [];
  let current: Part = { kind: 'text', md: '' };
  let inCode = false;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inCode && isDiagramFence(line)) {
      const { body, next, closed } = readDiagramBlock(lines, i);
      i = next - 1;
      // Behind a folded answer a picture would give it away: it is not drawn there (nor shown as code).
      // An unclosed block is broken: dropped, like one the renderer's validator refuses.
      if (current.kind === 'folded' || !closed) continue;
      if (current.md.trim()) parts.push(current);
      parts.push({ kind: 'diagram', body });
      current = { kind: 'text', md: '' };
      continue;
    }
    if (/^```/.test(line)) inCode = !inCode;
    const folded = !inCode && foldedSection(line);
    // A folded part ends at the next heading of the same or a higher level.
    const ends = !inCode && current.kind === 'folded' && /^#{1,4}\s/.test(line);
    if (folded || ends) {
      if (current.md.trim()) parts.push(current);
      current = folded ? { kind: 'folded', heading: folded, md: '' } : { kind: 'text', md: '' };
      if (folded) continue;
    }
    current.md += `${line}\n`;
  }
  if (current.md.trim()) parts.push(current);
  return parts;
}

/**
 * `fuentes`: a grounded lesson's sources, whose ` [n]` marks become buttons that open the passage (issue 24).
 * Links show as plain text when asked (a shared page) or when the sources are someone else's material
 * (a copy names them without an id, lambdas/contract/sources.ts authorSource; issue 31).
 */
export function LessonContent({ markdown, fuentes, plainLinks = false }: { markdown: string; fuentes?: NumberedSource[]; plainLinks?: boolean }) {
  const citation = useMemo(() => citationsOf(fuentes), [fuentes]);
  const plain = plainLinks || Boolean(fuentes?.some((f) => !f.materialId));
  // Read at render, not through the router: a shared page and a test render this outside one.
  const hash = typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash);
  return (
    <div className="mt-6">
      {splitLesson(markdown).map((part, i) =>
        part.kind === 'diagram' ? (
          <Suspense key={i} fallback={null}>
            <LessonDiagram body={part.body} />
          </Suspense>
        ) : part.kind === 'text' ? (
          <MarkdownContent key={i} citation={citation} plainLinks={plain}>{part.md}</MarkdownContent>
        ) : (
          <details key={i} id={sectionAnchor(part.heading)} open={hash === `#${sectionAnchor(part.heading)}` || undefined} className="my-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 open:bg-white">
            <summary className="cursor-pointer font-semibold text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600">{FOLDED_SECTIONS[part.heading]}</summary>
            <MarkdownContent citation={citation} plainLinks={plain}>{part.md}</MarkdownContent>
          </details>
        ),
      )}
    </div>
  );
}
