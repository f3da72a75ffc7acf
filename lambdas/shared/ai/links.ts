// Issue 31: a link a model writes is kept only if it appears in the course's own sources (the
// passages of the learner's material it was given). A planted "visit https://…" in someone's
// document, a link the learner typed into a topic or a message, or one the model made up is
// neutralised in code after generation and before anything is stored or shown: a Markdown link
// keeps its words, a bare address becomes LINK_REMOVED. Code (inline and fenced) is left as
// written: an address in code is not a link anyone can click.

export const LINK_REMOVED = '(enlace retirado)';

const URL_CHARS = String.raw`[^\s<>()\[\]"'«»]+`;
/** http(s)://… or www.…, as Markdown renderers auto-link them. */
const BARE = new RegExp(String.raw`\b(?:https?://|www\.)${URL_CHARS}`, 'gi');
/** [words](address "title"), an image's ![…](…) included. */
const MD_LINK = /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;
/** <https://…> autolinks. */
const ANGLE = /<((?:https?:\/\/|www\.)[^>\s]+)>/gi;
/** Fenced blocks and inline code: split out and left untouched. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;

/** An address as compared: no scheme, no "www.", no trailing punctuation or slash, lower-case host. */
export function normaliseUrl(url: string): string {
  const bare = url.trim().replace(/[.,;:!?)\]}»"']+$/, '').replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/+$/, '');
  const slash = bare.indexOf('/');
  return slash < 0 ? bare.toLowerCase() : bare.slice(0, slash).toLowerCase() + bare.slice(slash);
}

/** Every address the texts contain, normalised. */
export function linksIn(texts: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(BARE)) found.add(normaliseUrl(m[0]));
  return found;
}

const trailing = (url: string) => /[.,;:!?]+$/.exec(url)?.[0] ?? '';

function filterProse(text: string, allowed: Set<string>): string {
  const ok = (url: string) => allowed.has(normaliseUrl(url));
  return text
    .replace(MD_LINK, (all, bang: string, words: string, url: string) => (ok(url) ? all : bang ? words : words || LINK_REMOVED))
    .replace(ANGLE, (all, url: string) => (ok(url) ? all : LINK_REMOVED))
    .replace(BARE, (url: string, at: number, whole: string) => {
      // An address inside a kept Markdown link's (…) was judged above.
      if (whole[at - 1] === '(' && whole[at - 2] === ']') return url;
      if (ok(url)) return url;
      return LINK_REMOVED + trailing(url);
    });
}

/** The text with every link that is not among the sources' neutralised. */
export function keepSourcedLinks(text: string, sources: readonly string[]): string {
  if (!/https?:\/\/|www\./i.test(text)) return text;
  const allowed = linksIn(sources);
  return text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : filterProse(part, allowed)))
    .join('');
}

/** A question's texts with the same rule (its sources: the lesson it was written from, already filtered). */
export function questionWithSourcedLinks<Q extends { enunciado: string; opciones: string[]; explicacion: string; explicaciones?: string[] }>(q: Q, sources: readonly string[]): Q {
  const keep = (s: string) => keepSourcedLinks(s, sources);
  return {
    ...q,
    enunciado: keep(q.enunciado),
    opciones: q.opciones.map(keep),
    explicacion: keep(q.explicacion),
    ...(q.explicaciones && { explicaciones: q.explicaciones.map(keep) }),
  };
}

/**
 * Every string of a model's structured answer (an outline, suggestions) with the same rule: a
 * planted address in a topic or a document does not become a link in a course's titles and summaries.
 */
export function withSourcedLinks<T>(value: T, sources: readonly string[]): T {
  const walk = (v: unknown): unknown =>
    typeof v === 'string' ? keepSourcedLinks(v, sources) : Array.isArray(v) ? v.map(walk) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v;
  return walk(value) as T;
}
