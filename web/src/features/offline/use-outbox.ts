import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../app/providers/auth-provider';
import { courseKeys } from '../../lib/course-keys';
import { drainOutbox, type SendResult } from './outbox';
import { OUTBOX_CHANGED, sendEntry, sendProgress, sendSelfCheck } from './send-entry';
import { outboxOf, type OutboxEntry } from '../../lib/offline-store';

/** How the outbox stands, for the notice (outbox-notice.tsx). */
export interface OutboxState {
  /** Entries waiting to be sent (this learner's, every tab's). */
  pendientes: number;
  /** Of them, lesson self-check answers (the rest are review ratings and lessons completed). */
  respuestas?: number;
  /** Of them, lessons marked completed. */
  lecciones?: number;
  /** What the server refused for good at the last sending, in its Spanish words. */
  rechazados: string[];
  /** The browser says it is offline (navigator.onLine; a failed request also counts as offline). */
  sinConexion: boolean;
}

/** The cards whose rating waits (a due list read meanwhile still has them: the screen leaves them out). */
type Waiting = string[];
const answers = (entries: OutboxEntry[]) => entries.filter((e) => e.kind === 'autoevaluacion').length;
const completed = (entries: OutboxEntry[]) => entries.filter((e) => e.kind === 'progreso').length;
/** The counts the notice shows. */
const counted = (entries: OutboxEntry[]) => ({ pendientes: entries.length, respuestas: answers(entries), lecciones: completed(entries) });
const ratedCards = (entries: OutboxEntry[]): Waiting => entries.flatMap((e) => (e.kind === 'calificacion' ? [e.cardId] : []));
/** The outbox holds ratings and self-check answers; a screen sends its own kind, the rest as they are. */
const sendAny = (own: (entry: OutboxEntry) => Promise<SendResult>) => (entry: OutboxEntry) =>
  entry.kind === 'autoevaluacion' ? sendSelfCheck(entry) : entry.kind === 'progreso' ? sendProgress(entry) : own(entry);

/**
 * The learner's outbox on a screen: entries are added by `keep`, and sent (in order, each under its key) when
 * the screen opens, when the browser comes back online and after each `keep` while online. One sending at a
 * time per screen; two tabs may send the same entry at once, which the server's keys make harmless.
 */
export function useOutbox(send: (entry: OutboxEntry) => Promise<SendResult> = sendEntry) {
  const userId = useAuth().user?.id;
  const client = useQueryClient();
  const [state, setState] = useState<OutboxState>({ pendientes: 0, rechazados: [], sinConexion: !navigator.onLine });
  const [waiting, setWaiting] = useState<Waiting>([]);
  const sending = useRef(false);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const flush = useCallback(async () => {
    if (!userId || sending.current) return;
    sending.current = true;
    try {
      const store = outboxOf(userId);
      const listed = await store.list();
      // What waits is shown while it is being sent (a screen opened with a full outbox says so at once).
      setWaiting(ratedCards(listed));
      setState((s) => ({ ...s, ...counted(listed) }));
      // The browser says it is offline: nothing is tried (the client's retries would only wait); 'online' sends.
      if (!navigator.onLine) return setState((s) => ({ ...s, sinConexion: true }));
      const report = await drainOutbox(store, sendAny((e) => sendRef.current(e)));
      // Read again: entries kept while this sending ran are waiting too.
      const left = await store.list();
      setWaiting(ratedCards(left));
      setState((s) => ({ ...counted(left), rechazados: report.rechazados.length ? report.rechazados : s.rechazados, sinConexion: report.pendientes > 0 || !navigator.onLine }));
      // A lesson completed offline was sent: the courses on screen read the server's progress again.
      if (completed(listed) > completed(left)) void client.invalidateQueries({ queryKey: courseKeys.all });
    } finally {
      sending.current = false;
    }
  }, [userId, client]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    const offline = () => setState((s) => ({ ...s, sinConexion: true }));
    // An answer kept elsewhere on the page (a lesson's self-check) is counted at once and sent if it can be.
    const changed = () => void flush();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener(OUTBOX_CHANGED, changed);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener(OUTBOX_CHANGED, changed);
    };
  }, [flush]);

  /** Keeps an entry for later (the request just got no answer): shown as waiting, never as sent. */
  const keep = useCallback(async (entry: OutboxEntry) => {
    if (!userId) return;
    const store = outboxOf(userId);
    await store.add(entry);
    const kept = await store.list();
    setWaiting(ratedCards(kept));
    setState((s) => ({ ...s, ...counted(kept), sinConexion: true }));
  }, [userId]);

  return { ...state, waiting, keep, flush };
}
