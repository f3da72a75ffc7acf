// Lesson Markdown to static HTML for a SCORM package, at build time. The web renders lessons with
// markdown-to-jsx in the browser; the package has no React, so this is a small renderer of the subset
// lessons use (headings, paragraphs, lists, quotes, tables, fenced code, bold, italics, inline code,
// links, diagrams as static SVG). Safety first: every piece of text is escaped before any tag is added, raw HTML in the
// Markdown is shown as text, links keep only http(s) addresses, and images are dropped (models invent
// addresses; the web shows none either). The "#### Solución"/"#### Respuestas" parts fold behind
// <details>, as in the web's lesson view.

import { DIAGRAM_LANG, parseDiagram } from '../contract/diagrams';
import { FOLDED_SECTIONS, foldedSection } from '../contract/lesson-sections';
import { diagramFigureHtml } from './diagram-svg';
import { escapeHtml } from './escape-html';

const SAFE_URL = /^https?:\/\/[^\s"'<>]+$/i;

/** Inline Markdown of one line or paragraph, escaped first. */
export function inline(text: string): string {
  const codes: string[] = [];
  // Inline code first, kept aside (behind private-use marks) so nothing inside it is read as emphasis or a link.
  let s = text.replace(/`([^`]+)`/g, (_, code: string) => `\uE000${codes.push(`<code>${escapeHtml(code)}</code>`) - 1}\uE001`);
  s = s.replace(/!\[[^\]]*\]\([^)]*\)/g, '');
  s = escapeHtml(s);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => {
    const href = url.replace(/&amp;/g, '&');
    return SAFE_URL.test(href) ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${label}</a>` : label;
  });
  s = s.replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a?: string, b?: string) => `<strong>${a ?? b}</strong>`);
  // Only `*x*` for italics: an underscore is too often part of a name (snake_case) in lessons about code.
  s = s.replace(/\*(?!\s)([^*]+?)\*/g, '<em>$1</em>');
  return s.replace(/\uE000(\d+)\uE001/g, (_, i: string) => codes[Number(i)]);
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());

/** Lesson Markdown as HTML; headings shift down one level so they sit under the page's own <h1>. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let folded = false;
  let diagrams = 0;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*```/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*```/.test(lines[i])) code.push(lines[i]);
      // Issue 43: a diagram goes in as static SVG with its caption and its text alternative (never as
      // its JSON), and a broken one not at all.
      if (line.trim() === `\`\`\`${DIAGRAM_LANG}`) {
        const { diagram } = parseDiagram(code.join('\n'));
        if (diagram) out.push(diagramFigureHtml(diagram, ++diagrams));
        continue;
      }
      out.push(`<pre tabindex="0"><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      // A folded part ends at the next heading of the same or a higher level.
      if (folded && level <= 4) {
        out.push('</details>');
        folded = false;
      }
      const fold = foldedSection(line);
      if (fold) {
        out.push(`<details><summary>${escapeHtml(FOLDED_SECTIONS[fold])}</summary>`);
        folded = true;
        continue;
      }
      const tag = `h${Math.min(level + 1, 6)}`;
      out.push(`<${tag}>${inline(heading[2])}</${tag}>`);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.push('<hr>');
      continue;
    }
    const list = /^\s*([-*+]|\d+[.)])\s+/.exec(line);
    if (list) {
      flush();
      const ordered = /\d/.test(list[1]);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]) && /\d/.test(/^\s*([-*+]|\d+[.)])/.exec(lines[i])![1]) === ordered) {
        items.push(`<li>${inline(lines[i].replace(/^\s*([-*+]|\d+[.)])\s+/, ''))}</li>`);
        i++;
      }
      i--;
      out.push(ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
      continue;
    }
    if (/^\s*>/.test(line)) {
      flush();
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) quoted.push(lines[i++].replace(/^\s*>\s?/, ''));
      i--;
      out.push(`<blockquote>${markdownToHtml(quoted.join('\n'))}</blockquote>`);
      continue;
    }
    if (/^\s*\|/.test(line) && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1] ?? '')) {
      flush();
      const head = cells(line).map((c) => `<th scope="col">${inline(c)}</th>`).join('');
      const rows: string[] = [];
      i += 2;
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(`<tr>${cells(lines[i++]).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`);
      i--;
      out.push(`<div class="tabla"><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  if (folded) out.push('</details>');
  return out.join('\n');
}
