// A formula said the way a teacher reads it on the radio, not spelled symbol by symbol: the LaTeX
// and plain notations lessons use ($x^2 + 1$, \frac{a}{b}, \sqrt{x}, a <= b) become Spanish words.
// Whatever is not understood is left as its letters and numbers, never as backslashes and braces.

const WORDS: [RegExp, string][] = [
  [/\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, ' $1 entre $2 '],
  [/\\sqrt\s*\{([^{}]*)\}/g, ' raíz cuadrada de $1 '],
  [/\^\s*\{?2\}?(?![\d])/g, ' al cuadrado '],
  [/\^\s*\{?3\}?(?![\d])/g, ' al cubo '],
  [/\^\s*\{([^{}]*)\}/g, ' elevado a $1 '],
  [/\^\s*(-?\w+)/g, ' elevado a $1 '],
  [/_\s*\{([^{}]*)\}/g, ' sub $1 '],
  [/_\s*(\w)/g, ' sub $1 '],
  [/\\(?:le|leq)\b|<=|≤/g, ' menor o igual que '],
  [/\\(?:ge|geq)\b|>=|≥/g, ' mayor o igual que '],
  [/\\(?:ne|neq)\b|!=|≠/g, ' distinto de '],
  [/\\approx\b|≈/g, ' aproximadamente '],
  [/\\(?:times|cdot)\b|×|·|\*/g, ' por '],
  [/\\div\b|÷/g, ' entre '],
  [/\\pm\b|±/g, ' más o menos '],
  [/\\infty\b|∞/g, ' infinito '],
  [/\\sum\b|∑/g, ' sumatoria de '],
  [/\\int\b|∫/g, ' integral de '],
  [/\\to\b|\\rightarrow\b|→/g, ' tiende a '],
  [/\\pi\b|π/g, ' pi '],
  [/\\alpha\b|α/g, ' alfa '],
  [/\\beta\b|β/g, ' beta '],
  [/\\theta\b|θ/g, ' theta '],
  [/\\lambda\b|λ/g, ' lambda '],
  [/\\Delta\b|Δ/g, ' delta '],
  [/=/g, ' es igual a '],
  [/</g, ' menor que '],
  [/>/g, ' mayor que '],
  [/\+/g, ' más '],
  // A minus between two terms; a leading one is "menos" too.
  [/(^|[\s(\w])-(?=\s*[\w(\\])/g, '$1 menos '],
  [/\//g, ' entre '],
  [/%/g, ' por ciento '],
];

/** Spanish words for a formula. */
export function speakFormula(formula: string): string {
  let s = formula.replace(/\\left|\\right|\\,|\\;|\\!|\\quad/g, ' ');
  // Nested fractions and roots: apply until nothing changes (a few rounds are enough for lessons).
  for (let i = 0; i < 3; i++) for (const [pattern, words] of WORDS.slice(0, 2)) s = s.replace(pattern, words);
  for (const [pattern, words] of WORDS.slice(2)) s = s.replace(pattern, words);
  s = s
    .replace(/\\([a-zA-Z]+)/g, ' $1 ')
    .replace(/[{}\\$]/g, ' ')
    .replace(/\(/g, ' ')
    .replace(/\)/g, ' ');
  return s.replace(/\s+/g, ' ').trim();
}
