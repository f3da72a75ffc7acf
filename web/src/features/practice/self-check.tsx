import type { Lesson } from './api';
import { OpenAnswer } from './open-answer';
import { selfCheckQuestions } from './self-check-questions';

/** "Responde con tus palabras": the lesson's self-check, each question answered and graded (issue 32 item 5). */
export function SelfCheck({ lesson, markdown }: { lesson: Lesson; markdown: string }) {
  const preguntas = selfCheckQuestions(markdown);
  if (!preguntas.length) return null;
  // Sent by the offline room (issue 44): under an Idempotency-Key, and kept in the learner's outbox under that key
  // when there is no connection (sent and graded when it returns). Loaded at the first answer, not with the page.
  const start = async (pregunta: number, respuesta: string) => (await import('../offline')).submitSelfCheck(lesson, pregunta, respuesta);
  return (
    <section aria-labelledby="autoevaluacion-abierta" className="mt-8 rounded-2xl bg-indigo-50/50 p-4 ring-1 ring-indigo-100 sm:p-6">
      <h3 id="autoevaluacion-abierta" className="text-lg font-semibold text-slate-900">Responde con tus palabras</h3>
      <p className="mt-1 text-sm text-slate-700">Explica cada respuesta con tus palabras y te diremos qué tienes bien y qué te falta. Lo que respondes se repasa después.</p>
      {preguntas.map((pregunta, i) => (
        <OpenAnswer key={`${lesson.lessonId}-${i}`} numero={i + 1} pregunta={pregunta} start={(respuesta) => start(i + 1, respuesta)} />
      ))}
    </section>
  );
}
