import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TutorAnswerKind, TutorContextView, TutorTurn } from '../../../../lambdas/contract/tutor';
import { errorMessage } from '../../lib/error-message';
import { tutorApi } from './api';
import { streamTutorChat } from './chat-stream';
import { tutorKeys } from './query-keys';

export interface ChatTurn extends TutorTurn {
  tipo?: TutorAnswerKind;
  demo?: boolean;
}

/** The context as the cache keeps it: the history grows with the turns of this visit. */
type Context = Omit<TutorContextView, 'historial'> & { historial: ChatTurn[] };

/**
 * The tutor conversation for one course and lesson: loads the context whenever the panel opens
 * (the history lives on the server, so another device's turns show up), sends, clears. The
 * conversation is the cached context's history: a sent turn is added to it at once and taken back
 * out if the server kept nothing. A context nobody shows is dropped at once (gcTime 0), so another
 * lesson never flashes an older history.
 */
export function useTutor(courseId: string, moduleId?: string, lessonId?: string, enabled = true) {
  const client = useQueryClient();
  const key = tutorKeys.context(courseId, moduleId, lessonId);
  const query = useQuery({
    queryKey: key,
    queryFn: (): Promise<Context> => tutorApi.context(courseId, { moduleId, lessonId }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
  const [sending, setSending] = useState(false);
  /** The answer so far, while it streams in. */
  const [streaming, setStreaming] = useState('');
  const [failed, setFailed] = useState<string>();
  /** The last answer's follow-up suggestions, for this lesson; none yet: the context's own. */
  const [answered, setAnswered] = useState<{ key: string; sugerencias: string[] }>();

  const context = query.data;
  const update = (change: (c: Context) => Context) => client.setQueryData<Context>(key, (c) => c && change(c));
  const keyText = key.join('/');

  /** `practicar`: a "Practiquemos…" button's objective (issue 32): the tutor starts by asking a question on it. */
  async function send(message: string, practicar?: string) {
    const text = message.trim();
    if (!text || sending) return false;
    setFailed(undefined);
    setSending(true);
    const mine: ChatTurn = { rol: 'alumno', texto: text, fecha: new Date().toISOString(), lessonId };
    update((c) => ({ ...c, historial: [...c.historial, mine] }));
    try {
      const request = { courseId, message: text, ...(lessonId && { lessonId, moduleId }), ...(practicar && { practicar }) };
      const answer = await streamTutorChat(request, (piece) => setStreaming((s) => s + piece));
      // The whole answer replaces what streamed: the server may have stopped a reply and written hints instead.
      const reply: ChatTurn = { rol: 'tutor', texto: answer.respuesta, fecha: answer.fecha, tipo: answer.tipo, demo: answer.demo, ...(answer.fuentes && { fuentes: answer.fuentes }) };
      update((c) => ({ ...c, historial: [...c.historial, reply], cuota: answer.cuota }));
      setAnswered({ key: keyText, sugerencias: answer.sugerencias });
      return true;
    } catch (err) {
      // The server kept nothing: take the message back out so the screen matches the history.
      update((c) => ({ ...c, historial: c.historial.filter((x) => x !== mine) }));
      setFailed(errorMessage(err, 'El tutor no pudo responder. Inténtalo de nuevo.'));
      return false;
    } finally {
      setSending(false);
      setStreaming('');
    }
  }

  async function clear() {
    try {
      await tutorApi.clear(courseId);
      update((c) => ({ ...c, historial: [] }));
      setAnswered(undefined);
      return true;
    } catch (err) {
      setFailed(errorMessage(err, 'No pudimos borrar el historial.'));
      return false;
    }
  }

  const reload = async () => {
    setFailed(undefined);
    await query.refetch();
  };
  const loadError = query.isError && !query.isFetching ? errorMessage(query.error, 'No pudimos conectar con el tutor.') : undefined;
  return {
    context,
    turns: context?.historial ?? [],
    quota: context?.cuota,
    suggestions: answered?.key === keyText ? answered.sugerencias : (context?.sugerencias ?? []),
    /** The learner's weakest objectives of the course, to practise with the tutor. */
    practice: context?.practicar ?? [],
    sending,
    streaming,
    error: failed ?? loadError,
    send,
    clear,
    reload,
  };
}
