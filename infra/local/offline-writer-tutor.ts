import { contentWords } from '../../lambdas/tutor/text-match';
import { matchingQuestions, type PendingQuestion } from '../../lambdas/tutor/socratic';
import type { Data } from './offline-writer';

// The offline tutor: deterministic demonstration answers that follow the same rules as the real
// tutor's prompt (hints on pending evaluation questions, polite refusal off the course's subject,
// nothing about its instructions or other learners), so demonstration mode and the integration
// tests exercise the real flow. Every answer says it is demonstration content.

const str = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const list = (v: unknown): Data[] => (Array.isArray(v) ? (v as Data[]) : []);
const DEMO = '> Modo demostración: respuesta de ejemplo escrita sin IA a partir de tu curso.';
const FORBIDDEN = /instruccion|prompt|sistema|configuraci|otros alumnos|otro alumno|otros usuarios|contrasena|ignora/;

function vocabulary(d: Data): Set<string> {
  const curso = obj(d.curso);
  const lesson = obj(d.leccionActual);
  const parts = [
    str(curso.titulo), str(curso.topic),
    ...list(curso.modulos).flatMap((m) => [str(m.titulo), ...(Array.isArray(m.lecciones) ? (m.lecciones as string[]) : [])]),
    str(lesson.titulo), str(lesson.resumen), str(lesson.extracto),
    ...list(d.historial).map((t) => str(t.texto)),
  ];
  return contentWords(parts.join(' '));
}

export function offlineTutorAnswer(d: Data) {
  const mensaje = str(d.mensaje);
  const curso = obj(d.curso);
  const titulo = str(curso.titulo, 'tu curso');
  const topic = str(curso.topic, titulo);
  const lesson = obj(d.leccionActual);
  const leccion = str(lesson.titulo, titulo);
  const normalized = mensaje.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

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
  const [asked] = matchingQuestions(mensaje, pending);
  if (asked) {
    return {
      respuesta: [
        DEMO, '',
        `Esa pregunta es de la evaluación del módulo **${asked.moduleTitle}**, que aún no has aprobado, así que no te diré la respuesta.`, '',
        '**Pistas:**', '',
        '1. Fíjate en qué idea presenta la lección como central y cuáles como casos excepcionales o errores.',
        `2. Repasa «${leccion}» y el resumen final de cada lección del módulo.`,
        '3. Descarta primero las opciones que no guardan relación con el módulo.', '',
        '¿Qué opción elegirías tú y por qué?',
      ].join('\n'),
      tipo: 'pistas',
      sugerencias: ['¿Me das otra pista?', `¿Qué idea central tiene «${leccion}»?`],
    };
  }

  const words = contentWords(mensaje);
  const vocab = vocabulary(d);
  if (words.size && ![...words].some((w) => vocab.has(w))) {
    return {
      respuesta: `${DEMO}\n\nEsa pregunta se sale del tema de **${titulo}**, así que prefiero no responderla aquí. ` +
        `Si quieres, seguimos con «${leccion}»: ¿qué parte te está costando más?`,
      tipo: 'fuera_de_tema',
      sugerencias: [`¿Me explicas «${leccion}» con un ejemplo?`],
    };
  }

  const resumen = str(lesson.resumen, `Es una parte importante de ${topic}.`);
  return {
    respuesta: [
      DEMO, '',
      `Buena pregunta. En **${leccion}** la idea clave es esta: ${resumen}`, '',
      `Para ${topic}, piensa en tres pasos: entiende el problema, prueba el paso más pequeño y comprueba el resultado.`, '',
      `**Para comprobar que lo tienes:** ¿cómo aplicarías «${leccion}» a un caso tuyo?`,
    ].join('\n'),
    tipo: 'explicacion',
    sugerencias: [`¿Qué errores frecuentes hay en «${leccion}»?`, '¿Me propones un ejercicio?'],
  };
}
