import { isCatchAll, normalise, standsOutByLength } from '../../lambdas/shared/ai/evaluation-checks';
import { ruleHits } from '../../lambdas/shared/ai/test-wise';
import { BANK_BATCH } from '../../lambdas/evaluations/question-bank';
import type { Data } from './offline-writer-data';

/** The questions of a bank that share a window of each lesson's sentences (the batch size this writer was first written for). */
const WINDOW = 8;

// The offline writer's evaluation banks and verifier verdicts. Questions are built from sentences
// of the lesson texts they are given (deterministic Spanish); the correct option is always written
// first: where it ends up is decided by Mentora's code (crypto.randomInt), not by the writer. Its
// options are framings of the sentence chosen with the pipeline's test-wise rules (FRAMES below).

const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const list = (v: unknown) => (Array.isArray(v) ? v.map(obj) : []);
const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const lowerFirst = (s: string) => s.charAt(0).toLocaleLowerCase('es') + s.slice(1);
/** A sentence without its source marks (" [n]", issue 24): options never carry them. */
const unmarked = (s: string) => s.replace(/ \[\d{1,2}\]/g, '');

/** The lesson's plain statements: no headings, code, questions or demonstration notices. */
export function lessonSentences(markdown: string): string[] {
  let inCode = false;
  const lines = markdown.split('\n').filter((line) => {
    if (line.trim().startsWith('```')) inCode = !inCode;
    return !inCode && !/^\s*(#|>|```|\|)/.test(line);
  });
  const text = lines.map((l) => l.replace(/^\s*([-*]|\d+\.)\s+/, '').replace(/[*_`]/g, '')).join(' ');
  const sentences = text.split(/(?<=[.!])\s+/).map((s) => s.trim());
  const seen = new Set<string>();
  return sentences.filter((s) => s.length >= 50 && s.length <= 240 && s.endsWith('.') && !/[?¿:]|demostración/i.test(s) && !seen.has(s) && seen.add(s));
}

/** A false twin of a true sentence: the same claim, negated where Spanish makes it easy. */
function negate(s: string) {
  const m = /\s(es|son|conviene|puede|hay|se|nos|llega)\s/.exec(s);
  return m ? `${s.slice(0, m.index)} no ${s.slice(m.index + 1)}` : `Nunca ocurre que ${lowerFirst(s)}`;
}

/** Batches of a new bank (40 questions in batches of 8, plus up to two shortfall rounds). */
const FIRST_BANK_LOTES = 15;

/** A stem naming the lesson and a word of the sentence not yet asked about in that lesson (stems stay unique). */
function stemFor(titulo: string, fuente: string, used: Set<string>, turn = 0) {
  const sorted = [...fuente.matchAll(/\p{L}{6,}/gu)].map((m) => m[0].toLocaleLowerCase('es')).sort((a, b) => b.length - a.length);
  // Batch n starts n words further: the same sentence in two batches is asked about two words.
  const words = sorted.length ? [...sorted.slice(turn % sorted.length), ...sorted.slice(0, turn % sorted.length)] : sorted;
  // Every word asked already: a numbered stem, unique across batches (`turn` is the batch).
  const word = words.find((w) => !used.has(`${titulo}|${w}`)) ?? `${words[0] ?? 'esta idea'} (${turn + 1}.${used.size + 1})`;
  used.add(`${titulo}|${word}`);
  // Batches after the first bank's are numbered: a top-up's stems never repeat one met long ago.
  return `${turn >= FIRST_BANK_LOTES ? `Pregunta ${turn + 1}.${used.size}: s` : 'S'}egún la lección «${titulo}», ¿qué afirmación sobre «${word}» es correcta?`;
}

/** What each wrong option reveals (issue 32), the same three kinds in every question. */
const MISCONCEPTIONS = [
  'Invertir el sentido de la idea: tomar por falso lo que la lección afirma.',
  'Confundir una idea correcta con un error frecuente.',
  'Creer que la idea solo importa a los expertos y no a quien empieza.',
];

/**
 * Issue 41 item 7 / issue 42: the options are framings of the lesson sentence `s` and of its
 * negation `n`. A frame affirms (+1), denies (−1) or, for "Solo los expertos…", is false whatever
 * it frames (0); an option is true when an affirming frame holds `s` or a denying one holds `n`.
 * Every question has exactly one true option, and which frames it uses is chosen with the same
 * test-wise rules the pipeline balances banks with, so that no rule finds the key more than chance
 * (the key was always the lesson's own sentence and the shortest option: 100 % for "corta").
 */
const FRAMES = [
  { pre: '', polarity: 1 },
  { pre: 'Es cierto que ', polarity: 1 },
  { pre: 'En efecto, ', polarity: 1 },
  { pre: 'Es un error pensar que ', polarity: -1 },
  { pre: 'No es verdad que ', polarity: -1 },
  { pre: 'Solo los expertos deben saber que ', polarity: 0 },
] as const;
type Option = { frame: number; negated: boolean; texto: string; true: boolean };

const framed = (frame: number, core: string) => (FRAMES[frame].pre ? `${FRAMES[frame].pre}${lowerFirst(core)}` : core);
function optionsOf(s: string): Option[] {
  const n = negate(s);
  return FRAMES.flatMap((f, frame) =>
    [false, true].flatMap((negated) => (f.polarity === 0 && negated ? [] : [{ frame, negated, texto: framed(frame, negated ? n : s), true: f.polarity === (negated ? -1 : 1) }])),
  );
}

/** Every candidate set: one true option first, three false ones, four frames, both `s` and `n` among them. */
function candidates(s: string): Option[][] {
  const all = optionsOf(s);
  const wrong = all.filter((o) => !o.true);
  const out: Option[][] = [];
  for (const key of all.filter((o) => o.true)) {
    for (let a = 0; a < wrong.length; a++) for (let b = a + 1; b < wrong.length; b++) for (let c = b + 1; c < wrong.length; c++) {
      const set = [key, wrong[a], wrong[b], wrong[c]];
      if (new Set(set.map((o) => o.frame)).size < 4 || set.every((o) => o.negated === key.negated)) continue;
      if (standsOutByLength(set.map((o) => o.texto))) continue;
      out.push(set);
    }
  }
  return out;
}

/** Running hits per rule over a batch, so each question's frames pull every rule toward chance (25 %). */
type Tally = { n: number; hits: Record<string, number> };
const TRIED = 16;
function chooseOptions(s: string, enunciado: string, lesson: string, tally: Tally, turn: number): Option[] {
  const sets = candidates(s);
  let best = sets[0];
  let bestScore = Infinity;
  // A spread of TRIED candidates, not all of them: enough to pull every rule to chance, cheap enough for every test's banks.
  for (let k = 0; k < Math.min(TRIED, sets.length); k++) {
    const set = sets[(turn + k * 7) % sets.length];
    const h = ruleHits({ enunciado, opciones: set.map((o) => o.texto), key: 0, leccion: lesson });
    const score = Object.entries(h).reduce((sum, [r, v]) => sum + ((tally.hits[r] ?? 0) + v - 0.25 * (tally.n + 1)) ** 2, 0);
    if (score < bestScore - 1e-9) [best, bestScore] = [set, score];
  }
  const h = ruleHits({ enunciado, opciones: best.map((o) => o.texto), key: 0, leccion: lesson });
  tally.n++;
  for (const [r, v] of Object.entries(h)) tally.hits[r] = (tally.hits[r] ?? 0) + v;
  return best;
}

const WRONG_EXPLANATION = (o: Option) =>
  FRAMES[o.frame].polarity === 0
    ? 'La lección lo plantea para todos los niveles, sin limitarlo a expertos.'
    : o.negated
      ? 'Dice lo contrario de lo que explica la lección: cambia el sentido de la afirmación.'
      : 'La lección presenta esta idea como correcta, no como un error.';
const MISCONCEPTION = (o: Option) => MISCONCEPTIONS[FRAMES[o.frame].polarity === 0 ? 2 : o.negated ? 0 : 1];

function question(lesson: Data, marked: string, enunciado: string, objective: { objetivoId: string; bloom: string }, tally: Tally, turn: number) {
  const titulo = text(lesson.titulo, 'la lección');
  const fuente = unmarked(marked);
  const [key, ...wrong] = chooseOptions(fuente, enunciado, text(lesson.contenido), tally, turn);
  return {
    lessonId: String(lesson.lessonId),
    ...objective,
    fuente: marked,
    enunciado,
    opciones: [
      { texto: key.texto, explicacion: `Es lo que enseña la lección «${titulo}».` },
      ...wrong.map((o) => ({ texto: o.texto, explicacion: WRONG_EXPLANATION(o), conceptoErroneo: MISCONCEPTION(o) })),
    ],
    correcta: 'A' as const,
  };
}

/**
 * The one true option among offline-written options (-1 when they are not the offline writer's):
 * what the blind verifier answers and what tests answer right with. Without the sentence, `s` is
 * the core whose negation another option holds (every question has both).
 */
export function offlineKeyIndex(texts: string[], fuente?: string): number {
  const cores = texts.map((t) => {
    const frame = FRAMES.map((f, i) => [f, i] as const).filter(([f]) => f.pre && t.startsWith(f.pre)).sort((a, b) => b[0].pre.length - a[0].pre.length)[0]?.[1] ?? 0;
    return { frame, core: normalise(t.slice(FRAMES[frame].pre.length)) };
  });
  const s = fuente !== undefined ? normalise(unmarked(fuente)) : cores.find((c) => cores.some((o) => o.core === normalise(negate(c.core))))?.core;
  if (s === undefined) return -1;
  const n = normalise(negate(s));
  const truth = cores.map(({ frame, core }) => (core === s ? FRAMES[frame].polarity === 1 : core === n ? FRAMES[frame].polarity === -1 : false));
  return truth.filter(Boolean).length === 1 ? truth.indexOf(true) : -1;
}

/**
 * The objective question `i` measures: one its lesson teaches, in turn (else the module's, in turn),
 * and its Bloom level: one question in three at 'recordar', the others at the objective's level.
 */
function objectiveOf(lesson: Data, objetivos: Data[], i: number, turn: number) {
  const taught = Array.isArray(lesson.objetivos) ? (lesson.objetivos as unknown[]).map(String) : [];
  const ids = taught.length ? taught : objetivos.map((o) => String(o.id));
  const objetivoId = ids[turn % Math.max(ids.length, 1)] ?? 'o1';
  const level = text(objetivos.find((o) => o.id === objetivoId)?.bloom, 'comprender');
  return { objetivoId, bloom: i % 3 === 0 ? 'recordar' : level === 'recordar' ? 'comprender' : level };
}

/** "Según la lección «T», ¿qué afirmación sobre «w» es correcta?": the (lesson, word) pairs a bank's stems already use. */
const STEM = /«(.+?)», ¿qué afirmación sobre «(.+?)»/;
const usedBy = (stems: unknown) => new Set(Array.isArray(stems) ? stems.flatMap((s) => { const m = STEM.exec(String(s)); return m ? [`${m[1]}|${m[2]}`] : []; }) : []);

/**
 * `preguntas` questions spread over the lessons, or rewrites of the questions in `reescribir`.
 * Batch `lote` takes its own window of sentences; stems in `evitar` (the bank's) are not asked again.
 */
export function offlineEvaluation(d: Data) {
  const lessons = list(d.lecciones).filter((l) => typeof l.contenido === 'string');
  const objetivos = list(obj(d.modulo).objetivos).filter((o) => typeof o.id === 'string');
  // A grounded course (issue 24): only sentences that cite the material, as the prompt asks.
  const pools = lessons.map((l) => lessonSentences(String(l.contenido)).filter((x) => !d.fundamentada || unmarked(x) !== x));
  const rewriting = Array.isArray(d.reescribir);
  const wanted = rewriting ? (d.reescribir as unknown[]).length : Math.min(Math.max(Number(d.preguntas) || 14, 1), 20);
  // Each batch its own window of sentences; a rewrite takes sentences after the ones its first round used.
  // Issue 42: windows of WINDOW questions of the whole bank, whatever its batches' size (question `i` of
  // batch `lote` is the bank's question (lote - 1) × BANK_BATCH + i), so cutting a bank into smaller
  // batches asks the same sentences, in the same words.
  const perLesson = Math.ceil(20 / Math.max(lessons.length, 1));
  const first = (Math.max(Number(d.lote) || 1, 1) - 1) * BANK_BATCH;
  /** The bank's question `g`: its window, its place in it, its lesson and the sentence it rests on. */
  const at = (g: number) => {
    const window = Math.floor(g / WINDOW);
    const k = g % WINDOW;
    const li = k % lessons.length;
    const offset = window * 2 * perLesson + (rewriting ? perLesson : 0);
    const pool = pools[li];
    return { window, k, li, offset, fuente: pool.length ? pool[(offset + Math.floor(k / lessons.length)) % pool.length] : undefined };
  };
  const preguntas = [];
  const used = usedBy(d.evitar);
  const tally: Tally = { n: 0, hits: {} };
  // The window's questions before this batch's take their words first, as when one call wrote the whole window.
  for (let g = first - (first % WINDOW); g < first && lessons.length; g++) {
    const q = at(g);
    if (q.fuente) stemFor(String(lessons[q.li].titulo), q.fuente, used, q.window);
  }
  for (let i = 0; i < wanted && lessons.length; i++) {
    const { window, k, li, offset, fuente } = at(first + i);
    if (!fuente) continue;
    const enunciado = stemFor(String(lessons[li].titulo), fuente, used, window);
    preguntas.push(question(lessons[li], fuente, enunciado, objectiveOf(lessons[li], objetivos, k, Math.floor(k / lessons.length)), tally, offset + k));
  }
  return { preguntas };
}

/**
 * The verifier's blind verdicts: it is not told the key, so it answers with the one true framing of
 * the lesson sentence (offlineKeyIndex) and rejects two defensible options, none, a stem that shows
 * the answer, catch-alls and length cues.
 */
export function offlineVerdicts(d: Data) {
  return {
    veredictos: list(d.preguntas).map((q, indice) => {
      const opciones = list(q.opciones).map((o) => ({ opcion: String(o.opcion), texto: text(o.texto) }));
      const fuente = normalise(unmarked(text(q.fuente)));
      // The one true framing of the sentence; a question not framed by this writer: the option stating the sentence.
      const at = offlineKeyIndex(opciones.map((o) => o.texto), text(q.fuente));
      const defendibles = at >= 0 ? [opciones[at].opcion] : opciones.filter((o) => normalise(o.texto) === fuente).map((o) => o.opcion);
      const respuesta = defendibles[0] ?? opciones[0]?.opcion ?? 'A';
      const answer = opciones.find((o) => o.opcion === respuesta)?.texto ?? '';
      const stem = normalise(text(q.enunciado));
      const delata = (normalise(answer).length >= 6 && stem.includes(normalise(answer))) || (fuente.length >= 6 && stem.includes(fuente));
      const problems = [
        defendibles.length !== 1 && `${defendibles.length} opciones coinciden con la frase de la lección`,
        delata && 'el enunciado contiene la respuesta',
        opciones.some((o) => isCatchAll(o.texto)) && 'usa "todas/ninguna de las anteriores"',
        standsOutByLength(opciones.map((o) => o.texto)) && 'una opción destaca por su longitud',
      ].filter((p): p is string => Boolean(p));
      return {
        indice,
        respuesta,
        opcionesDefendibles: defendibles,
        enunciadoDelata: delata,
        valida: !problems.length,
        motivo: problems.length ? `Rechazada: ${problems.join('; ')}.` : `Respondo ${respuesta}: es la única opción que sostiene la lección y el enunciado no la delata.`,
      };
    }),
  };
}
