import type { ReactNode } from 'react';

// A tiny syntax highlighter for lesson code blocks: comments, strings, numbers and keywords of
// the usual teaching languages. It returns React nodes (never HTML), so model output cannot inject
// markup, and weighs about 1 KB instead of a full grammar library.

const KEYWORDS = new Set(
  (
    'abstract and as async await break case catch class const continue def default del do elif else enum export extends ' +
    'false final finally fn for from func function go if impl implements import in instanceof interface is lambda let ' +
    'match mod new nil none not null or package pass private protected public raise return self static struct super ' +
    'switch this throw throws true try type typeof undefined use var void while with yield None True False ' +
    'select insert update delete where join left right inner outer on group by order having limit values into create ' +
    'table drop alter primary key foreign references not null distinct union'
  ).split(' '),
);

const HASH_COMMENTS = /^(py|python|sh|bash|shell|zsh|rb|ruby|yaml|yml|toml|r|dockerfile|make|makefile|perl|ps1|powershell)$/i;
const DASH_COMMENTS = /^(sql|lua|haskell|hs)$/i;

type Kind = 'comment' | 'string' | 'number' | 'keyword' | 'plain';
const CLASSES: Record<Exclude<Kind, 'plain'>, string> = {
  comment: 'text-slate-400 italic',
  string: 'text-emerald-300',
  number: 'text-amber-300',
  keyword: 'text-sky-300 font-semibold',
};

function pattern(language: string): RegExp {
  const comment = [String.raw`\/\*[\s\S]*?\*\/`, '//[^\n]*'];
  if (HASH_COMMENTS.test(language)) comment.push('#[^\n]*');
  if (DASH_COMMENTS.test(language)) comment.push('--[^\n]*');
  return new RegExp(
    `(${comment.join('|')})|("(?:\\\\.|[^"\\\\\\n])*"|'(?:\\\\.|[^'\\\\\\n])*'|\`(?:\\\\.|[^\`\\\\])*\`)|(\\b\\d+(?:\\.\\d+)?\\b)|([A-Za-z_$][\\w$]*)`,
    'g',
  );
}

/** Splits code into highlighted tokens; unknown text stays plain. */
export function tokenize(code: string, language = ''): { kind: Kind; text: string }[] {
  const out: { kind: Kind; text: string }[] = [];
  const re = pattern(language);
  // SQL keywords are usually written in capitals.
  const caseless = DASH_COMMENTS.test(language);
  let last = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    if (m.index > last) out.push({ kind: 'plain', text: code.slice(last, m.index) });
    const word = m[4] ?? '';
    const keyword = KEYWORDS.has(word) || (caseless && KEYWORDS.has(word.toLowerCase()));
    const kind: Kind = m[1] ? 'comment' : m[2] ? 'string' : m[3] ? 'number' : keyword ? 'keyword' : 'plain';
    out.push({ kind, text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < code.length) out.push({ kind: 'plain', text: code.slice(last) });
  return out;
}

export function HighlightedCode({ code, language }: { code: string; language?: string }): ReactNode {
  return tokenize(code, language).map((t, i) => (t.kind === 'plain' ? t.text : <span key={i} className={CLASSES[t.kind]} data-token={t.kind}>{t.text}</span>));
}
