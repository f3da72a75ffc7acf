import { asTuples } from 'trigram-utils';
import { expressions } from '../../node_modules/franc-min/expressions.js';
import { francMinLanguages, latin } from './lambda-franc-data';

// Bundled in place of `franc-min` (see ESBUILD_OPTIONS.alias). lambdas/shared/ai/text-checks.ts
// only asks which of a few European languages a text is in (`only`); franc-min's models of all its
// 82 languages are 100 KB, a quarter of a Lambda's budget. Same algorithm (franc-min 6.2.0, MIT),
// the Latin-script models of the languages kept in lambda-franc-data.ts: for an `only` list within
// them the answer is franc-min's (test/infra/lambda-franc.test.ts compares them). Asking for a
// language franc-min has but this subset lacks throws, so it can never silently answer otherwise.

const MAX_LENGTH = 2048;
const MAX_DIFFERENCE = 300;
type Tuple = [string, number];

// Each language's trigram ranks are built on first use, not at module load: building them all
// costs a few milliseconds of every cold start, and most requests never check a text's language.
const models = new Map<string, Map<string, number>>();
const modelOf = (language: string): Map<string, number> => {
  let model = models.get(language);
  if (!model) models.set(language, (model = new Map(latin[language].split('|').map((trigram, i) => [trigram, i]))));
  return model;
};

const und = (): Tuple[] => [['und', 1]];

export function franc(value: string, options: { only?: string[]; ignore?: string[]; minLength?: number } = {}): string {
  return francAll(value, options)[0][0];
}

export function francAll(value: string, options: { only?: string[]; ignore?: string[]; minLength?: number } = {}): Tuple[] {
  const only = options.only ?? [];
  const ignore = options.ignore ?? [];
  const missing = (only.length ? only : francMinLanguages).filter((l) => francMinLanguages.includes(l) && !(l in latin) && !ignore.includes(l));
  if (missing.length) throw new Error(`lambda-franc: no model for ${missing.join(', ')}; add it to infra/aws/lambda-franc-data.ts`);
  if (!value || value.length < (options.minLength ?? 10)) return und();
  const sample = value.slice(0, MAX_LENGTH);
  let top: [string | undefined, number] = [undefined, -1];
  for (const [script, expression] of Object.entries(expressions)) {
    const count = (sample.match(expression)?.length ?? 0) / sample.length || 0;
    if (count > top[1]) top = [script, count];
  }
  const allow = (l: string) => (only.length === 0 || only.includes(l)) && !ignore.includes(l);
  if (top[0] !== 'Latin') return !top[0] || top[1] === 0 || !allow(top[0]) ? und() : [[top[0], 1]];
  const trigrams = asTuples(sample);
  const distances: Tuple[] = Object.keys(latin)
    .filter(allow)
    .map((l) => {
      const model = modelOf(l);
      return [l, trigrams.reduce((sum, [t, n]) => sum + (model.has(t) ? Math.abs(n - model.get(t)! - 1) : MAX_DIFFERENCE), 0)];
    });
  if (!distances.length) return und();
  distances.sort((a, b) => a[1] - b[1]);
  const min = distances[0][1];
  const max = sample.length * MAX_DIFFERENCE - min;
  return distances.map(([l, d]) => [l, 1 - (d - min) / max || 0]);
}
