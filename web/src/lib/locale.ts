// Dates and numbers in the learner's own Spanish: the browser's locale when it is a Spanish one
// (es-ES, es-MX, es-AR… each writes numbers, currencies and dates its own way), else plain `es`,
// since every word around them is Spanish.

/** The browser's first Spanish locale, or `es`. Read on each call: tests and browsers may change it. */
export function learnerLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): string {
  const spanish = languages.find((l) => /^es(-|$)/i.test(l));
  try {
    return spanish ? Intl.getCanonicalLocales(spanish)[0] : 'es';
  } catch {
    return 'es';
  }
}

/** "23 de noviembre de 2026" in the learner's Spanish. */
export const formatDate = (iso: string, locale = learnerLocale()) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
