import { Fragment } from 'react';

// A self-check question is one line of the lesson's Markdown: its `inline code` (a Python course's
// `total = total + 6`) shows as code, as in the lesson above it, not with its backticks. Plain text
// otherwise: nothing else in the line is interpreted.

export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          <code key={i} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-indigo-900">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
