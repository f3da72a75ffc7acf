import { useCallback, useEffect, useState } from 'react';
import type { TutorAnswerKind, TutorContextView, TutorQuota, TutorTurn } from '../../../../lambdas/contract/tutor';
import { errorMessage } from '../../lib/error-message';
import { tutorApi } from './api';
import { streamTutorChat } from './chat-stream';

export interface ChatTurn extends TutorTurn {
  tipo?: TutorAnswerKind;
  demo?: boolean;
}

/** The tutor conversation for one course and lesson: loads the context, sends, clears. */
export function useTutor(courseId: string, moduleId?: string, lessonId?: string, enabled = true) {
  const [context, setContext] = useState<TutorContextView>();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [quota, setQuota] = useState<TutorQuota>();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  /** The answer so far, while it streams in. */
  const [streaming, setStreaming] = useState('');
  const [error, setError] = useState<string>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const ctx = await tutorApi.context(courseId, { moduleId, lessonId });
      setContext(ctx);
      setTurns(ctx.historial);
      setQuota(ctx.cuota);
      setSuggestions(ctx.sugerencias);
    } catch (err) {
      setError(errorMessage(err, 'No pudimos conectar con el tutor.'));
    }
  }, [courseId, moduleId, lessonId]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  async function send(message: string) {
    const text = message.trim();
    if (!text || sending) return false;
    setError(undefined);
    setSending(true);
    const mine: ChatTurn = { rol: 'alumno', texto: text, fecha: new Date().toISOString(), lessonId };
    setTurns((t) => [...t, mine]);
    try {
      const request = { courseId, message: text, ...(lessonId && { lessonId, moduleId }) };
      const answer = await streamTutorChat(request, (piece) => setStreaming((s) => s + piece));
      // The whole answer replaces what streamed: the server may have stopped a reply and written hints instead.
      setTurns((t) => [...t, { rol: 'tutor', texto: answer.respuesta, fecha: answer.fecha, tipo: answer.tipo, demo: answer.demo }]);
      setQuota(answer.cuota);
      setSuggestions(answer.sugerencias);
      return true;
    } catch (err) {
      // The server kept nothing: take the message back out so the screen matches the history.
      setTurns((t) => t.filter((x) => x !== mine));
      setError(errorMessage(err, 'El tutor no pudo responder. Inténtalo de nuevo.'));
      return false;
    } finally {
      setSending(false);
      setStreaming('');
    }
  }

  async function clear() {
    try {
      await tutorApi.clear(courseId);
      setTurns([]);
      setSuggestions(context?.sugerencias ?? []);
      return true;
    } catch (err) {
      setError(errorMessage(err, 'No pudimos borrar el historial.'));
      return false;
    }
  }

  return { context, turns, quota, suggestions, sending, streaming, error, send, clear, reload: load };
}
