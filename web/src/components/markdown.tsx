import Markdown, { RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { Fragment, useMemo, type ReactNode } from 'react';
import { sectionAnchor } from '../lib/section-anchor';
import { HighlightedCode } from './code-highlight';

// Lesson content is Markdown written by a model: rendered to React elements with raw HTML
// disabled (shown as text, never injected) and markdown-to-jsx's URL sanitizer dropping
// javascript:/data: links. Headings shift down so they sit under the lesson's own <h2>.

function Code({ className, children }: { className?: string; children?: ReactNode }) {
  const language = /(?:^|\s)lang(?:uage)?-([\w+#-]+)/.exec(className ?? '')?.[1];
  if (language === undefined || typeof children !== 'string') {
    return <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-indigo-900">{children}</code>;
  }
  return (
    <code className="font-mono" data-language={language}>
      <HighlightedCode code={children} language={language} />
    </code>
  );
}

function Pre({ children }: { children?: ReactNode }) {
  return (
    <pre tabIndex={0} className="my-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-relaxed text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-slate-100">
      {children}
    </pre>
  );
}

const cls = (component: keyof React.JSX.IntrinsicElements, className: string) => ({ component, props: { className } });

const overrides: MarkdownToJSX.Overrides = {
  // A study link's `#seccion-…` lands on a heading below the sticky header: html's scroll-padding-top (index.css).
  h1: cls('h3', 'mt-8 mb-3 text-lg font-bold text-slate-900 sm:text-xl'),
  h2: cls('h3', 'mt-8 mb-3 text-lg font-bold text-slate-900 sm:text-xl'),
  h3: cls('h4', 'mt-6 mb-2 font-semibold text-slate-900 sm:text-lg'),
  h4: cls('h5', 'mt-4 mb-2 font-semibold text-slate-900'),
  h5: cls('h6', 'mt-4 mb-2 font-semibold text-slate-900'),
  h6: cls('h6', 'mt-4 mb-2 font-semibold text-slate-900'),
  p: cls('p', 'my-3 leading-7 text-slate-800'),
  ul: cls('ul', 'my-3 list-disc space-y-1 pl-6 text-slate-800'),
  ol: cls('ol', 'my-3 list-decimal space-y-1 pl-6 text-slate-800'),
  li: cls('li', 'leading-7'),
  a: { component: 'a', props: { className: 'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900', target: '_blank', rel: 'noopener noreferrer' } },
  blockquote: cls('blockquote', 'my-4 border-l-4 border-indigo-300 bg-indigo-50 px-4 py-2 text-slate-800'),
  table: cls('table', 'my-4 block w-full overflow-x-auto border-collapse text-sm'),
  th: cls('th', 'border border-slate-300 bg-slate-100 px-3 py-2 text-left font-semibold'),
  td: cls('td', 'border border-slate-300 px-3 py-2'),
  hr: cls('hr', 'my-6 border-slate-200'),
  // Models invent image addresses (broken or third-party trackers): lessons show no remote images.
  img: { component: () => null },
  code: { component: Code },
  pre: { component: Pre },
};

// Headings carry the id a study link aims at (lib/section-anchor.ts).
const options: MarkdownToJSX.Options = { disableParsingRawHTML: true, forceBlock: true, overrides, slugify: (text) => sectionAnchor(text) };

/**
 * A link as plain text (issue 31): in a lesson built from someone else's material (a shared page,
 * an aula's or a shared course's copy) nothing the material's author wrote is clickable. The
 * address stays readable after its words.
 */
function PlainLink({ href, children }: { href?: string; children?: ReactNode }) {
  const words = typeof children === 'string' ? children : Array.isArray(children) && children.every((c) => typeof c === 'string') ? children.join('') : undefined;
  return <span className="text-slate-800" data-enlace="texto">{children}{href && words !== href ? ` (${href})` : ''}</span>;
}
const plainOptions: MarkdownToJSX.Options = { ...options, overrides: { ...overrides, a: { component: PlainLink } } };

/** A citation's rendering for its number, or null when the number cites nothing (it stays text). */
export type CitationRenderer = (n: number) => ReactNode;

const MARK = /\[(\d{1,3})\]/g;
const HAS_MARK = /\[\d{1,3}\]/;

/**
 * Grounded content marks a claim's source as ` [n]` (issue 24). Only text nodes are rewritten, so a
 * `[1]` inside code stays code; a number no source carries stays as written.
 */
function withCitations(citation: CitationRenderer): MarkdownToJSX.Options['renderRule'] {
  return (next, node, _children, state) => {
    if (node.type !== RuleType.text || !HAS_MARK.test(node.text)) return next();
    const parts: ReactNode[] = [];
    let at = 0;
    for (const m of node.text.matchAll(MARK)) {
      const mark = citation(Number(m[1]));
      if (mark === null || mark === undefined) continue;
      parts.push(node.text.slice(at, m.index), <Fragment key={m.index}>{mark}</Fragment>);
      at = m.index + m[0].length;
    }
    parts.push(node.text.slice(at));
    return <Fragment key={state.key}>{parts}</Fragment>;
  };
}

/** Renders model-written Markdown safely, with highlighted code blocks (and citation marks when given; links as text with `plainLinks`). */
export default function MarkdownContent({ children, className = '', citation, plainLinks = false }: { children: string; className?: string; citation?: CitationRenderer; plainLinks?: boolean }) {
  const opts = useMemo(() => {
    const base = plainLinks ? plainOptions : options;
    return citation ? { ...base, renderRule: withCitations(citation) } : base;
  }, [citation, plainLinks]);
  return (
    <div className={`break-words ${className}`}>
      <Markdown options={opts}>{children}</Markdown>
    </div>
  );
}
