// Plain-text comparison used by the tutor's rules (and by the offline writer, so demonstration
// mode follows the same rules). Spanish-aware: accents, case and punctuation never matter.

const STOPWORDS = new Set(
  ('a al algo algun alguna como con cual cuales cuando de del desde donde e el ella ellos en entre es esa ese eso esta este esto ' +
    'estos fue ha hay la las le les lo los mas me mi mis muy no nos o para pero por porque que quien se segun ser si sin sobre ' +
    'son su sus tambien te tiene tu un una unas uno unos y ya yo puedes podrias explica explicame dime cual cuál ' +
    'pregunta preguntas opcion opciones respuesta correcta describe mejor afirmacion demostracion')
    .split(' '),
);

export const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();

/** The words that carry meaning: no stopwords, no 1-2 letter words. */
export function contentWords(s: string): Set<string> {
  return new Set(
    normalize(s)
      .split(' ')
      .filter((w) => w.length > 2 && !STOPWORDS.has(w)),
  );
}

/** Share of `b`'s content words that `a` also contains (0..1). */
export function coverage(a: Set<string>, b: Set<string>): number {
  if (!b.size) return 0;
  let shared = 0;
  for (const w of b) if (a.has(w)) shared++;
  return shared / b.size;
}

/** Whether `haystack` contains `needle` once both are normalised. */
export const containsText = (haystack: string, needle: string) => {
  const n = normalize(needle);
  return n.length > 0 && ` ${normalize(haystack)} `.includes(` ${n} `);
};
