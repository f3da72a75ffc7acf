type Data = Record<string, unknown>;

// The offline judge (issue 33 item 2): `eval:quality --judge` on the offline writer asks this
// instead of a model, so the judge's path (prompt, tool, schema, report) runs in CI without one.
// It cannot know whether a lesson is true: it says so in every reason and rates only what text
// can show (length for the level, sentence length, the key's sentence being in the lesson, options
// of alike length). A real judge is a model of another family than the writer.

const TARGET_WORDS: Record<string, [number, number]> = { principiante: [500, 900], intermedio: [700, 1200], avanzado: [900, 1500] };
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const clamp = (x: number) => Math.max(1, Math.min(5, Math.round(x)));

function lessonVerdict(l: Data, nivel: string, indice: number) {
  const text = str(l.contenido);
  const n = words(text);
  const [lo, hi] = TARGET_WORDS[nivel] ?? TARGET_WORDS.principiante;
  const sentences = text.split(/[.!?]+\s/).filter((x) => x.trim()).length || 1;
  const perSentence = n / sentences;
  const nivelFit = n >= lo && n <= hi ? 5 : n >= lo * 0.7 && n <= hi * 1.3 ? 4 : 2;
  const claridad = clamp(5 - Math.max(0, perSentence - 22) / 6);
  return {
    indice,
    exactitud: 3,
    adecuacionNivel: nivelFit,
    claridad,
    motivo: `Juez sin conexión: no comprueba la exactitud; ${n} palabras para ${nivel} (${lo}–${hi}), ${Math.round(perSentence)} palabras por frase.`,
  };
}

function questionVerdict(q: Data, lessonsText: string, indice: number) {
  const opciones = (q.opciones as string[] | undefined) ?? [];
  const key = opciones['ABCD'.indexOf(String(q.correcta))] ?? '';
  // The key's content words (5 letters or more) mostly in the lessons: the lesson teaches it.
  const lessonWords = new Set(lessonsText.toLowerCase().match(/\p{L}{5,}/gu) ?? []);
  const keyWords = key.toLowerCase().match(/\p{L}{5,}/gu) ?? [];
  const inLesson = keyWords.length > 0 && keyWords.filter((w) => lessonWords.has(w)).length / keyWords.length >= 0.6;
  const lengths = opciones.map((o) => o.length);
  const spread = lengths.length ? Math.max(...lengths) / Math.max(1, Math.min(...lengths)) : 1;
  return {
    indice,
    correcta: inLesson,
    plausibilidadDistractores: clamp(5 - (spread - 1) * 2),
    motivo: `Juez sin conexión: ${inLesson ? 'la lección enseña la clave' : 'la lección no enseña la clave'}; la opción más larga mide ${spread.toFixed(1)} veces la más corta.`,
  };
}

/** Verdicts on a module's lessons and questions, as the judge's tool would return them. */
export function offlineJudge(d: Data): Data {
  const lecciones = (d.lecciones as Data[] | undefined) ?? [];
  const nivel = str(d.nivel) || 'principiante';
  const text = lecciones.map((l) => str(l.contenido)).join('\n');
  return {
    lecciones: lecciones.map((l, i) => lessonVerdict(l, nivel, i)),
    preguntas: ((d.preguntas as Data[] | undefined) ?? []).map((q, i) => questionVerdict(q, text, i)),
  };
}
