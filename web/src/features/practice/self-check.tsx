import { practiceApi, type Lesson } from './api';
import { OpenAnswer } from './open-answer';
import { selfCheckQuestions } from './self-check-questions';

/** "Responde con tus palabras": the lesson's self-check, each question answered and graded (issue 32 item 5). */
export function SelfCheck({ lesson, markdown }: { lesson: Lesson; markdown: string }) {
  const preguntas = selfCheckQuestions(markdown);
  if (!preguntas.length) return null;
  return (
    <section aria-labelledby="autoevaluacion-abierta" className="mt-8 rounded-2xl bg-indigo-50/50 p-4 ring-1 ring-indigo-100 sm:p-6">
      <h3 id="autoevaluacion-abierta" className="text-lg font-semibold text-slate-900">Responde con tus palabras</h3>
      <p className="mt-1 text-sm text-slate-700">Explica cada respuesta con tus palabras y te diremos qué tienes bien y qué te falta. Lo que respondes se repasa después.</p>
      {preguntas.map((pregunta, i) => (
        <OpenAnswer key={`${lesson.lessonId}-${i}`} numero={i + 1} pregunta={pregunta} start={(respuesta) => practiceApi.selfCheck(lesson, i + 1, respuesta)} />
      ))}
    </section>
  );
}
