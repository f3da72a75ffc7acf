import { containsText, contentWords, normalize } from '../../lambdas/tutor/text-match';
import { matchingQuestions, type PendingQuestion } from '../../lambdas/tutor/socratic';
import type { Data } from './offline-writer-data';
import { pasajesOf, sentencesOf } from './offline-writer-grounded';
import { asksForDrawing, offlineDrawing } from './offline-writer-drawing';

// The offline tutor: deterministic demonstration answers that follow the same rules as the real
// tutor's prompt (hints on pending evaluation questions, polite refusal off the course's subject,
// nothing about its instructions or other learners), so demonstration mode and the integration
// tests exercise the real flow. Every answer says it is demonstration content.

const str = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const list = (v: unknown): Data[] => (Array.isArray(v) ? (v as Data[]) : []);
const DEMO = '> Modo demostración: respuesta de ejemplo escrita sin IA a partir de tu curso.';
const FORBIDDEN = /instruccion|prompt|sistema|configuraci|otros alumnos|otro alumno|otros usuarios|contrasena|ignora/;

interface Passage { seccion: string; texto: string }
const passagesOf = (d: Data): Passage[] => list(obj(d.leccionActual).pasajes).map((p) => ({ seccion: str(p.seccion), texto: str(p.texto) })).filter((p) => p.texto);
// Subjects no course of Mentora is about: without a model, a question sharing no word with the
// course is off-topic only when it names one of these (a demonstration heuristic, documented).
const OFF_TOPIC = /\b(futbol|mundial|liga|partido de|goles?|horoscopo|chiste|pelicula|series?|famos[oa]s?|celebridad|politica|elecciones|presidente|loteria|novi[oa]|tiempo hara|clima de manana)\b/;

function vocabulary(d: Data): Set<string> {
  const curso = obj(d.curso);
  const lesson = obj(d.leccionActual);
  const parts = [
    str(curso.titulo), str(curso.topic),
    ...list(curso.modulos).flatMap((m) => [str(m.titulo), ...(Array.isArray(m.lecciones) ? (m.lecciones as string[]) : [])]),
    str(lesson.titulo), str(lesson.resumen),
    ...passagesOf(d).flatMap((p) => [p.seccion, p.texto]),
    ...list(d.historial).map((t) => str(t.texto)),
  ];
  return contentWords(parts.join(' '));
}

const oneParagraph = (s: string, max = 600) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The hint for a pending question at the ladder's step (lambdas/tutor/hint-ladder.ts). */
function hint(step: string, moduleTitle: string, leccion: string, passages: Passage[]): string {
  const where = passages[0]?.seccion ? `la sección «${passages[0].seccion}» de «${leccion}»` : `«${leccion}»`;
  const intro = `Esa pregunta es de la evaluación del módulo **${moduleTitle}**, que aún no has aprobado, así que no te diré la respuesta.`;
  if (step === 'ejemplo_analogo') {
    return [intro, '', '**Un ejemplo parecido, resuelto:**', '',
      '1. Imagina una pregunta sobre otro caso del mismo tipo: primero identifico qué idea de la lección pone a prueba.',
      '2. Luego reviso cada opción y me pregunto si la lección la presenta como idea central, como excepción o como error frecuente.',
      '3. Me quedo con la que coincide con la idea central y compruebo que las demás fallan por un motivo concreto.', '',
      'Aplica ahora esos tres pasos a tu pregunta: ¿qué opción eliges y por qué?'].join('\n');
  }
  if (step === 'pide_intento') {
    return [intro, '', '**Antes de nada, cuéntame tu intento:** ¿qué opción elegirías y por qué? Con tu razonamiento podré ayudarte mejor.',
      `Si no sabes por dónde empezar, repasa ${where} y dime qué idea crees que pone a prueba.`].join('\n');
  }
  if (step === 'pista_dirigida') {
    const idea = passages[0] ? `La lección lo explica así: «${oneParagraph(passages[0].texto, 240)}»` : `Repasa ${where}.`;
    return [intro, '', `**Pista:** la pregunta gira en torno a lo que explica ${where}. ${idea}`, '', '¿Qué opción encaja con esa idea? Cuéntame tu razonamiento.'].join('\n');
  }
  return [intro, '', '**Para empezar:** ¿qué idea de la lección crees que está poniendo a prueba esta pregunta?',
    `Piensa en ella antes de mirar las opciones; si quieres, repasa ${where}.`].join('\n');
}

export function offlineTutorAnswer(d: Data) {
  const mensaje = str(d.mensaje);
  const curso = obj(d.curso);
  const titulo = str(curso.titulo, 'tu curso');
  const topic = str(curso.topic, titulo);
  const lesson = obj(d.leccionActual);
  const leccion = str(lesson.titulo, titulo);
  const normalized = mensaje.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const passages = passagesOf(d);

  // "Practiquemos…" (issue 32): a question on the objective first, no explanation before the learner
  // answers. Before the refusal check: the message is the button's, naming a statement of the course ("sistema"…).
  const practica = obj(d.practica);
  if (str(practica.objetivo)) return practiceQuestion(str(practica.objetivo), str(practica.bloom), leccion, topic);

  if (FORBIDDEN.test(normalized)) {
    return {
      respuesta: `${DEMO}\n\nEso no puedo compartirlo: solo te acompaño en **${titulo}** y con tus propios datos. ¿Seguimos con «${leccion}»?`,
      tipo: 'fuera_de_tema',
      sugerencias: [`¿Me explicas «${leccion}»?`],
    };
  }

  const pending: PendingQuestion[] = list(d.preguntasPendientes).map((q, i) => ({
    moduleId: String(i), moduleTitle: str(q.modulo, 'este módulo'), preguntaId: String(i), enunciado: str(q.enunciado),
    opciones: Array.isArray(q.opciones) ? (q.opciones as string[]) : [], correcta: 'A', lecciones: [],
  }));
  const pista = obj(d.pista);
  const [asked] = matchingQuestions(mensaje, pending);
  if (asked || pista.paso) {
    return {
      respuesta: `${DEMO}\n\n${hint(str(pista.paso, 'empujon'), asked?.moduleTitle ?? str(pending[0]?.moduleTitle, 'este módulo'), leccion, passages)}`,
      tipo: 'pistas',
      sugerencias: ['¿Me das otra pista?', `¿Qué idea central tiene «${leccion}»?`],
    };
  }

  // Issue 43: "¿me lo dibujas?" is answered with a diagram of the lesson's passages.
  if (asksForDrawing(normalized)) {
    return { respuesta: offlineDrawing(DEMO, leccion, passages.map((p) => p.seccion)), tipo: 'explicacion', sugerencias: [`¿Me explicas «${leccion}» con un ejemplo?`] };
  }

  const words = contentWords(mensaje);
  const vocab = vocabulary(d);
  if (words.size && ![...words].some((w) => vocab.has(w)) && OFF_TOPIC.test(normalized)) {
    return {
      respuesta: `${DEMO}\n\nEsa pregunta se sale del tema de **${titulo}**, así que prefiero no responderla aquí. ` +
        `Si quieres, seguimos con «${leccion}»: ¿qué parte te está costando más?`,
      tipo: 'fuera_de_tema',
      sugerencias: [`¿Me explicas «${leccion}» con un ejemplo?`],
    };
  }

  // On topic: answer from the passages the tutor was given, most relevant first (context.ts sends
  // them in the lesson's order, already chosen for this question), leaving out any sentence that
  // is an option of a pending question: quoting it would hand over that question's answer.
  const options = pending.flatMap((q) => q.opciones).filter((o) => normalize(o).length >= 12);
  const scrub = (t: string) => t.split(/(?<=[.!?])\s+/).filter((x) => !options.some((o) => containsText(x, o) || containsText(o, x))).join(' ');
  const shared = (p: Passage) => [...contentWords(`${p.seccion} ${p.texto}`)].filter((w) => words.has(w)).length;
  // A course from the learner's material (issue 24): answer from its passages first, citing them.
  const grounded = groundedTutorAnswer(d, scrub, leccion, topic);
  if (grounded) return grounded;
  const best = passages.map((p) => ({ ...p, texto: scrub(p.texto) })).filter((p) => p.texto).sort((a, b) => shared(b) - shared(a)).slice(0, 2);
  const covered = best.some((p) => shared(p) > 0);
  const body = best.length
    ? [
        covered ? `Buena pregunta. Esto es lo que dice la lección **${leccion}** al respecto:` : `Buena pregunta. La lección **${leccion}** no lo trata con esas palabras; esto es lo más cercano que explica:`,
        '',
        ...best.map((p) => `> ${p.seccion ? `**${p.seccion}.** ` : ''}${oneParagraph(p.texto)}`),
      ]
    : [`Buena pregunta. En **${leccion}** la idea clave es esta: ${str(lesson.resumen, `es una parte importante de ${topic}.`)}`];
  return {
    respuesta: [DEMO, '', ...body, '', `**Para comprobar que lo tienes:** ¿cómo lo aplicarías a un caso tuyo de ${topic}?`].join('\n'),
    tipo: 'explicacion',
    sugerencias: [`¿Qué errores frecuentes hay en «${leccion}»?`, '¿Me propones un ejercicio?'],
  };
}

/** The offline leak verifier: a reply that quotes an option of a listed question, or names a letter as the answer. */
export function offlineLeakVerdict(d: Data) {
  const reply = str(d.respuesta);
  const preguntas = list(d.preguntas).filter((q) => {
    const options = (Array.isArray(q.opciones) ? (q.opciones as string[]) : []).map((o) => o.replace(/^[A-D]\)\s*/, ''));
    return options.some((o) => normalize(o).length >= 12 && containsText(reply, o)) || /(respuesta|opci[oó]n)\s+(correcta\s+)?(es\s+)?(la\s+)?[("«*]*[A-D]\b/i.test(reply);
  });
  return { revela: preguntas.length > 0, preguntas: preguntas.map((q) => Number(q.n)).filter((n) => n >= 1) };
}

/**
 * On a course built from the learner's material: the first sentences of the two closest passages
 * (the retrieval's order), each with its " [n]" and its verbatim cita; none that is an option of a
 * pending question (`scrub`). Undefined without material in the data, or when nothing is left.
 */
function groundedTutorAnswer(d: Data, scrub: (t: string) => string, leccion: string, topic: string) {
  const pasajes = pasajesOf(obj(d.material)).map((p) => ({ ...p, frase: sentencesOf(p.texto).find((f) => scrub(`${f}.`)) })).filter((p) => p.frase).slice(0, 2);
  if (!pasajes.length) return undefined;
  return {
    respuesta: [
      DEMO, '', `Buena pregunta. Esto es lo que dice tu material «${pasajes[0].material}» al respecto:`, '',
      ...pasajes.map((p) => `- ${p.frase!} [${p.n}].`), '', `**Para comprobar que lo tienes:** ¿cómo lo aplicarías en «${leccion}» o en un caso tuyo de ${topic}?`,
    ].join('\n'),
    tipo: 'explicacion',
    sugerencias: [`¿Qué más dice mi material sobre «${leccion}»?`, '¿Me propones un ejercicio?'],
    fuentes: pasajes.map((p) => ({ n: p.n, cita: p.frase! })),
  };
}

/** The first turn of a practice conversation: one question at the objective's Bloom level, to answer in the learner's words. */
function practiceQuestion(objetivo: string, bloom: string, leccion: string, topic: string) {
  const question = ['aplicar', 'analizar', 'evaluar', 'crear'].includes(bloom)
    ? `Piensa en un caso concreto de ${topic}: ¿cómo aplicarías esto en él, paso a paso?`
    : bloom === 'recordar'
      ? `Sin mirar la lección «${leccion}», ¿qué recuerdas de esto? Dilo en una o dos frases.`
      : '¿Cómo lo explicarías con tus propias palabras, con un ejemplo?';
  return {
    respuesta: [DEMO, '', `**Practiquemos: ${objetivo}**`, '', `Empecemos por ti: ${question}`, '', 'Responde como sepas; después lo comentamos juntos.'].join('\n'),
    tipo: 'explicacion',
    sugerencias: ['No sé por dónde empezar, ¿me das una pista?'],
  };
}
