import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Calificacion, ReviewSolution } from '../../../../lambdas/contract/review';
import { errorMessage } from '../../lib/error-message';
import { forgetDueCard, nextPlace, offlineDue, offlineSolution, sendFailure, unanswered, useOutbox, type OutboxEntry, type SendResult } from '../offline';
import { useAuth } from '../../app/providers/auth-provider';
import { reviewApi, type DueCards } from './api';
import { reviewKeys } from './query-keys';

const OFFLINE = new Error('offline');

interface Scope {
  courseId?: string;
  /** A module's review (with courseId): cumulative over earlier modules. */
  moduleId?: string;
  /** The session length the learner chose: the server answers at most this many cards. */
  limite?: number;
}

/**
 * One review session: the cards the server chose for it (paced, interleaved: lambdas/review/session.ts),
 * one at a time; question → answer → rating → next. The session ends with its last card, even when
 * more are due: "Seguir repasando" starts another. The due page is server state (read each time the
 * page opens: cards fall due with the clock); a rating takes its card off the cached page.
 */
export function useReviewSession({ courseId, moduleId, limite }: Scope = {}) {
  const client = useQueryClient();
  const key = reviewKeys.due(courseId, moduleId, limite);
  const userId = useAuth().user?.id;
  // Offline (issue 44), the due cards of the downloaded courses (a module's review needs the server's choice): at once
  // when the browser says it is offline, else when the server gives no answer.
  const downloadedDue = async () => {
    const copy = userId && !moduleId ? await offlineDue(userId, courseId) : undefined;
    return copy && limite ? { ...copy, tarjetas: copy.tarjetas.slice(0, limite) } : copy;
  };
  const due = useQuery({
    queryKey: key,
    queryFn: async () => {
      const offline = navigator.onLine ? undefined : await downloadedDue();
      if (offline) return offline;
      try {
        return await reviewApi.due(courseId, moduleId, limite);
      } catch (err) {
        const kept = unanswered(err) ? await downloadedDue() : undefined;
        if (kept) return kept;
        throw err;
      }
    },
    staleTime: 0,
    // Run even when the browser says it is offline: the downloaded copy answers then.
    networkMode: 'always',
  });
  const [solution, setSolution] = useState<ReviewSolution | undefined>();
  const [chosen, setChosen] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [lastRated, setLastRated] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  // Issue 44: a rating that got no answer waits in the learner's outbox and is sent when the connection returns.
  // (A self-check answer in the same outbox is sent by the outbox itself: use-outbox.ts.)
  const outbox = useOutbox(async (entry: OutboxEntry): Promise<SendResult> => {
    if (entry.kind !== 'calificacion') return 'sin_conexion';
    try {
      await reviewApi.rate(entry.cardId, entry.calificacion, entry.repasos, entry.id);
      void client.invalidateQueries({ queryKey: reviewKeys.summary(), refetchType: 'none' });
      return 'enviado';
    } catch (err) {
      return sendFailure(err, 'No pudimos guardar tu repaso.');
    }
  });

  // Never the same card twice in a row: a fresh page that starts with the card just rated shows it last.
  // A card whose rating waits in the outbox is not shown again (a due list read since still has it).
  const page = due.data?.tarjetas.filter((c) => !outbox.waiting.includes(c.cardId));
  const cards = page && page.length > 1 && page[0].cardId === lastRated ? [...page.slice(1), page[0]] : page;
  // The server still counts the cards whose rating waits in the outbox; the learner does not.
  const pendientes = Math.max(0, (due.data?.pendientes ?? 0) - ((due.data?.tarjetas.length ?? 0) - (page?.length ?? 0)));
  const current = cards?.[0];
  const loadError = due.isError && !due.isFetching ? errorMessage(due.error, 'No pudimos cargar tu repaso.') : undefined;

  async function reveal(opcion?: string) {
    if (!current || busy) return;
    setBusy(true);
    setChosen(opcion);
    try {
      // Offline, the answer downloaded with the course (the server changes nothing on a reveal).
      const downloaded = async () => (userId ? await offlineSolution(userId, current.cardId, opcion) : undefined);
      const orDownloaded = async (err: unknown) => {
        const copy = unanswered(err) ? await downloaded() : undefined;
        if (!copy) throw err;
        return copy;
      };
      const shown = (!navigator.onLine && (await downloaded())) || (await reviewApi.reveal(current.cardId, opcion).catch(orDownloaded));
      setSolution(shown);
    } catch (err) {
      setFailed(errorMessage(err, 'No pudimos mostrar la respuesta.'));
    } finally {
      setBusy(false);
    }
  }

  async function rate(calificacion: Calificacion) {
    if (!current || !solution || busy) return;
    setBusy(true);
    const entry: OutboxEntry = { ...nextPlace(), kind: 'calificacion', cardId: current.cardId, calificacion, repasos: current.repasos };
    try {
      try {
        // The browser knows it is offline: no request (its SPEC §9 retries would only keep the learner waiting).
        if (!navigator.onLine) throw OFFLINE;
        await reviewApi.rate(current.cardId, calificacion, current.repasos, entry.id);
      } catch (err) {
        // No answer at all: kept under the same key (the request may have arrived), sent when the connection returns.
        if (err !== OFFLINE && !unanswered(err)) throw err;
        await outbox.keep(entry);
      }
      // Rated (or waiting to be sent): a downloaded copy no longer offers it.
      if (userId) await forgetDueCard(userId, current.cardId).catch(() => undefined);
      next();
    } catch (err) {
      setFailed(errorMessage(err, 'No pudimos guardar tu repaso.'));
    } finally {
      setBusy(false);
    }
  }

  /** The card rated (or kept in the outbox) leaves the session; its end reads when the next cards come. */
  function next() {
    if (!current) return;
    setDone((n) => n + 1);
    setLastRated(current.cardId);
    setSolution(undefined);
    setChosen(undefined);
    void client.invalidateQueries({ queryKey: reviewKeys.summary(), refetchType: 'none' });
    const rest = (cards ?? []).slice(1);
    client.setQueryData<DueCards>(key, (d) => d && { ...d, tarjetas: rest, pendientes: Math.max(0, d.pendientes - 1) });
    // The session is over: read when the next cards come (and how many wait), without showing them yet.
    if (rest.length === 0) void reviewApi.due(courseId, moduleId, limite).then((n) => client.setQueryData<DueCards>(key, { ...n, tarjetas: [] }), () => undefined);
  }

  /** Another session after this one, when more cards are due. */
  const more = async () => {
    setDone(0);
    await due.refetch();
  };
  const reload = async () => {
    setFailed(undefined);
    await due.refetch();
  };
  const { nuevasEnCola = 0, proximoRepaso } = due.data ?? {};
  return { cards, current, pendientes, nuevasEnCola, proximoRepaso, solution, chosen, busy, done, error: failed ?? loadError, reveal, rate, reload, more, outbox: { pendientes: outbox.pendientes, respuestas: outbox.respuestas, lecciones: outbox.lecciones, rechazados: outbox.rechazados, sinConexion: outbox.sinConexion } };
}
