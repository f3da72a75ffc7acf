import { randomUUID } from 'node:crypto';
import type { TutorChatAnswer, TutorChatRequest, TutorTurn } from '../contract';
import { modelFailureMessage } from '../shared/ai/api-errors';
import type { StreamingModel } from '../shared/ai/converse-stream';
import { ModelError } from '../shared/ai/model-errors';
import { tutorDrawingPrompt } from '../shared/ai/prompts/tutor-drawing';
import { AppError } from '../shared/errors';
import { logger } from '../shared/logger';
import { buildPromptData, suggestedQuestions } from './context';
import { verifierLeaks } from './leak-verifier';
import { meteredModel } from '../shared/ai/metered-model';
import { sentenceGuard, type Leak } from './sentence-guard';
import { hintOnlyAnswer, type PendingQuestion } from './socratic';
import { REFUSAL, materialFor, readChatContext, saveTurns, type TutorDeps } from './use-cases';
import { keepVerified } from '../shared/ai/citations';
import { drawingStream, drawnAnswer } from './drawing';

// The tutor's answer, streamed (docs/tutor.md "Streaming"). The same reads, quota, prompt, guard
// and history as chatWithTutor; what differs is when the learner sees the words: sentence by
// sentence, each one after the literal leak checks. Wire events below; the handler frames them.

export type TutorEvent = { type: 'delta'; text: string } | { type: 'done'; data: TutorChatAnswer } | { type: 'error'; message: string };

export interface TutorStreamDeps extends TutorDeps {
  stream: StreamingModel;
}

/** The code-written answer that replaces a reply that gave something away. */
const replacement = (leak: Leak, asked: PendingQuestion[]) =>
  leak.instructions && !asked.length ? REFUSAL : hintOnlyAnswer(asked.length ? asked : leak.questions);

/**
 * Checks ownership, lesson and quota first: those failures throw (an HTTP status before any byte
 * is sent). From the first event on, a failure is an `error` event; the quota unit is given back
 * only when the learner was shown no text (a unit spent on words read is never refunded).
 * An answer cut at the length cap after sentences were shown ends as an answer: the sentences
 * shown are kept (the cut fragment is dropped), counted and saved in the history.
 * `done.data.respuesta` is the answer kept in the history; when the guard or the verifier replaced
 * the reply it differs from the deltas, and the web shows it instead of them.
 */
export async function streamTutorChat(deps: TutorStreamDeps, userId: string, req: TutorChatRequest, emit: (e: TutorEvent) => void): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const { tc, conv, lesson, content, practice, alumno } = await readChatContext(deps, userId, req);
  const reserva = randomUUID();
  const cuota = await deps.quota.consume(userId, reserva);
  // Both calls of the message (the streamed answer, the leak check) are drawn from its hold on the learner's month.
  const meter = deps.budget?.meterFor(userId, reserva);
  let shown = false;
  try {
    const material = await materialFor(deps, userId, tc, req.message);
    const { data, asked, checked, verified } = buildPromptData(tc, lesson, content, conv, req.message, material, practice, alumno);
    const guard = sentenceGuard({ checked, asked });
    const stop = new AbortController();
    const send = (sentences: string[]) =>
      sentences.forEach((text) => {
        shown = true;
        emit({ type: 'delta', text });
      });
    // Issue 43: a diagram block is held back, checked (one metered repair turn on the tutor's model) and sent whole, or not at all.
    const sources = [content ?? '', ...material.map((p) => p.texto)];
    const drawing = drawingStream((block) => drawnAnswer(meteredModel(deps.model, meter), block, lesson?.titulo ?? tc.course.titulo, sources), {
      text: (text) => {
        send(guard.push(text));
        if (guard.leak()) stop.abort();
      },
      whole: (text) => send(guard.whole(text)),
    });
    const result = await deps.stream(tutorDrawingPrompt, data, { field: 'respuesta', signal: stop.signal, meter, onText: drawing.push });
    // Cut at the length cap: nothing shown is a failure (refunded below); sentences shown are the
    // answer, and the fragment cut mid-sentence (or a diagram block left open) is never released.
    const cut = !result.stopped && result.stopReason === 'max_tokens';
    if (!result.stopped && !cut) drawing.end();
    await drawing.idle();
    if (cut && !shown) throw new ModelError('InvalidModelOutput', 'tutor: la respuesta se cortó por longitud');
    if (cut) logger.warn('streamed tutor reply cut at max_tokens; the sentences shown are the answer', { courseId: req.courseId });
    if (!result.stopped && !cut) send(guard.flush());
    let leak = guard.leak();
    if (leak) logger.warn('streamed tutor reply leaked; stopped and replaced by hints', { courseId: req.courseId });
    const streamed = guard.sent().trim();
    if (!leak && !streamed) throw new ModelError('InvalidModelOutput', 'tutor: respuesta vacía');
    // The paraphrase verifier reads the whole reply once, at the end: one call, as before streaming.
    if (!leak) {
      const paraphrased = await verifierLeaks(meteredModel(deps.model, meter), streamed, verified);
      if (paraphrased.length) leak = { instructions: false, questions: paraphrased };
      if (leak) logger.warn('tutor leak verifier retracted a streamed reply', { courseId: req.courseId });
    }
    // Grounded courses: the sources come at the end, kept only where the quote is in its passage;
    // a mark without one is taken out of the kept answer (done.respuesta, which the web shows then).
    const cited = leak ? { text: replacement(leak, asked), fuentes: [] } : keepVerified(streamed, result.value?.fuentes, material);
    const { text: respuesta, fuentes } = cited;
    const tipo = leak || asked.length ? ('pistas' as const) : (result.value?.tipo ?? 'explicacion');
    const at = now().toISOString();
    const turns: TutorTurn[] = [
      { rol: 'alumno', texto: req.message, fecha: at, ...(lesson && { lessonId: lesson.lessonId }) },
      { rol: 'tutor', texto: respuesta, fecha: at, ...(lesson && { lessonId: lesson.lessonId }), version: result.promptVersion, modelo: result.modelId, ...(fuentes.length && { fuentes }) },
    ];
    await saveTurns(deps, userId, req.courseId, conv, turns);
    const own = !leak && result.value?.sugerencias.length ? result.value.sugerencias : [];
    const sugerencias = own.length ? own : suggestedQuestions(lesson, tc.course.topic);
    emit({ type: 'done', data: { respuesta, tipo, sugerencias, cuota, demo: false, fecha: at, ...(fuentes.length && { fuentes }) } });
  } catch (error) {
    if (!shown) await deps.quota.refund(userId).catch((e) => logger.error('could not refund a tutor message', { error: e as Error }));
    logger.error('streamed tutor answer failed', { error: error as Error });
    emit({ type: 'error', message: error instanceof AppError ? error.message : modelFailureMessage(error instanceof ModelError ? error.name : 'Unknown') });
  } finally {
    await deps.quota.settle?.(userId, reserva);
  }
}
