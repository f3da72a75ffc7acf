import { currentUserId } from '../../app/providers/auth-provider';
import { practiceApi, type Lesson } from './api';
import { KeptOffline, OFFLINE, unanswered } from './kept-offline';
import { OpenAnswer } from './open-answer';
import { selfCheckQuestions } from './self-check-questions';

/** "Responde con tus palabras": the lesson's self-check, each question answered and graded (issue 32 item 5). */
export function SelfCheck({ lesson, markdown }: { lesson: Lesson; markdown: string }) {
  const preguntas = selfCheckQuestions(markdown);
  if (!preguntas.length) return null;
  // Offline (issue 44), the answer waits in the learner's outbox under the key its first attempt carried, and is
  // sent (and graded) when the connection returns; the offline room loads only then.
  const start = async (pregunta: number, respuesta: string) => {
    const key = crypto.randomUUID();
    try {
      if (!navigator.onLine) throw OFFLINE;
      return await practiceApi.selfCheck(lesson, pregunta, respuesta, key);
    } catch (err) {
      const userId = currentUserId();
      if (!userId || !unanswered(err)) throw err;
      await (await import('../offline')).keepSelfCheck(userId, key, { ...lesson, pregunta, respuesta });
      throw new KeptOffline();
    }
  };
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
