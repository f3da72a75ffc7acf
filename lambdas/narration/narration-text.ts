import { DIAGRAM_LANG, parseDiagram } from '../contract/diagrams';
import { speakFormula } from './formula-speech';

// The text Polly reads for a lesson, built from the lesson's Markdown (never from its HTML): headings
// and paragraphs read as sentences, list items one by one, quotes read, code blocks announced in one
// sentence ("Aquí hay un bloque de código en Python.") and not spelled, tables announced by their
// columns, formulas said in words (formula-speech.ts). Markup, link addresses, images, raw HTML and
// the [n] source marks of grounded lessons are not read. Every block ends in punctuation, so each is
// its own sentence for the speech marks the player highlights by.

const LANGUAGES: Record<string, string> = {
  py: 'Python', python: 'Python', js: 'JavaScript', javascript: 'JavaScript', jsx: 'JavaScript', ts: 'TypeScript', typescript: 'TypeScript',
  tsx: 'TypeScript', java: 'Java', c: 'C', cpp: 'C++', 'c++': 'C++', cs: 'C#', csharp: 'C#', go: 'Go', rust: 'Rust', rs: 'Rust', rb: 'Ruby',
  ruby: 'Ruby', php: 'PHP', kotlin: 'Kotlin', kt: 'Kotlin', swift: 'Swift', sql: 'SQL', html: 'HTML', css: 'CSS', json: 'JSON', yaml: 'YAML',
  yml: 'YAML', xml: 'XML', r: 'R', matlab: 'MATLAB', bash: 'la terminal', sh: 'la terminal', shell: 'la terminal', console: 'la terminal',
  powershell: 'PowerShell', dart: 'Dart', scala: 'Scala', haskell: 'Haskell', lua: 'Lua', perl: 'Perl',
};

/** How a fenced block is announced. */
export function announceCode(info: string): string {
  const lang = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (lang === 'math' || lang === 'latex' || lang === 'tex') return '';
  const name = LANGUAGES[lang];
  if (name === 'la terminal') return 'Aquí hay un bloque de órdenes para la terminal.';
  return name ? `Aquí hay un bloque de código en ${name}.` : 'Aquí hay un bloque de código.';
}

/** Ends a block with a period unless it already ends a sentence. */
const sentence = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  if (!t) return '';
  return /[.!?…:;]$/.test(t) ? t : `${t}.`;
};

/** One line or paragraph of inline Markdown as the words to read. */
export function spokenInline(text: string): string {
  return text
    .replace(/\$\$([^$]+)\$\$|\$([^$\n]+)\$|\\\((.+?)\\\)/g, (_, a?: string, b?: string, c?: string) => ` ${speakFormula(a ?? b ?? c ?? '')} `)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    // Source marks of grounded lessons: [3] or [1, 2].
    .replace(/\s?\[\d+(?:\s*,\s*\d+)*\]/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(/\*(?!\s)([^*]+?)\*/g, '$1')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => spokenInline(c)).filter(Boolean);
const listOf = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`);

/** A lesson's Markdown as the text Polly reads, one sentence per line. */
export function narrationText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(sentence(spokenInline(paragraph.join(' '))));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)(.*)$/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
      // Issue 43: a diagram is read as its description (the lesson view's text alternative, the same words); a broken one is not read.
      if (fence[2].trim() === DIAGRAM_LANG) {
        const { diagram } = parseDiagram(body.join('\n'));
        if (diagram) out.push(sentence(diagram.descripcion));
        continue;
      }
      const announced = announceCode(fence[2]);
      out.push(announced || sentence(`Aquí hay una fórmula: ${speakFormula(body.join(' '))}`));
      continue;
    }
    if (/^\s*\$\$\s*$/.test(line)) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*\$\$\s*$/.test(lines[i]); i++) body.push(lines[i]);
      out.push(sentence(speakFormula(body.join(' '))));
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      flush();
      const header = cells(line);
      let rows = 0;
      for (; i + 1 < lines.length && /^\s*\|.*\|\s*$/.test(lines[i + 1]); i++) if (!/^\s*\|[\s|:-]+\|\s*$/.test(lines[i + 1])) rows++;
      out.push(sentence(`Aquí hay una tabla de ${rows} ${rows === 1 ? 'fila' : 'filas'}${header.length ? ` con las columnas ${listOf(header)}` : ''}`));
      continue;
    }
    const heading = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (heading || item) {
      flush();
      out.push(sentence(spokenInline((heading ?? item)![1])));
      continue;
    }
    if (!line.trim() || /^\s*([-*_])\s*(\1\s*){2,}$/.test(line)) {
      flush();
      continue;
    }
    paragraph.push(line.replace(/^\s*>\s?/, ''));
  }
  flush();
  return out.filter(Boolean).join('\n');
}
