import type { Data } from './offline-writer-data';

// The offline writer's grader of open answers (issue 32 item 5): deterministic and sensible, so the
// loop is testable with no model. The rubric's key terms (words of five letters or more, minus
// common ones) are looked for in the learner's answer, accents and case aside; the share found
// decides the verdict. The answer is only data: words it contains count, orders in it do nothing.

const COMMON = new Set([
  'porque', 'cuando', 'donde', 'sobre', 'entre', 'desde', 'hasta', 'tiene', 'tienen', 'puede', 'pueden', 'también',
  'antes', 'después', 'mucho', 'muchos', 'otros', 'otras', 'cada', 'todos', 'todas', 'siempre', 'nunca', 'aunque',
  'nuestro', 'nuestra', 'vuelve', 'lección', 'respuesta', 'pregunta', 'queremos', 'hacer', 'forma', 'parte', 'esto',
]);
const FENCE = /<<<RESPUESTA_DEL_ALUMNO>>>\n?([\s\S]*?)\n?<<<FIN_RESPUESTA_DEL_ALUMNO>>>/;

const plain = (text: string) => text.toLocaleLowerCase('es').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** A word's stem: its first six letters, so "comprobar", "comprobamos" and "comprobación" meet. */
const stem = (word: string) => word.slice(0, 6);
const wordsOf = (text: string) => plain(text).match(/[a-zñ]+/g) ?? [];

/** The rubric's key terms, in order, each once. */
export function keyTerms(rubric: string): string[] {
  const seen = new Set<string>();
  const common = new Set([...COMMON].map(plain));
  return wordsOf(rubric).filter((w) => w.length >= 5 && !common.has(w) && !seen.has(stem(w)) && seen.add(stem(w)));
}

export function offlineGrade(d: Data) {
  const rubric = typeof d.rubrica === 'string' ? d.rubrica : '';
  const fenced = typeof d.respuesta === 'string' ? d.respuesta : '';
  const answer = FENCE.exec(fenced)?.[1] ?? fenced;
  const terms = keyTerms(rubric);
  const said = new Set(wordsOf(answer).map(stem));
  const found = terms.filter((t) => said.has(stem(t)));
  const missing = terms.filter((t) => !said.has(stem(t)));
  const share = terms.length ? found.length / terms.length : 0;
  const veredicto = share >= 0.6 ? 'correcta' : share >= 0.3 ? 'parcial' : 'incorrecta';
  const list = (ws: string[]) => ws.slice(0, 5).map((w) => `«${w}»`).join(', ');
  return {
    veredicto,
    acertado: found.length ? `Tu respuesta recoge ideas clave: ${list(found)}.` : 'Todavía no aparece ninguna de las ideas clave de la respuesta esperada.',
    falta: missing.length ? `Te falta explicar: ${list(missing)}.` : 'No te falta nada esencial.',
  };
}
