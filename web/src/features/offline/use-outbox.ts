import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../app/providers/auth-provider';
import { drainOutbox, type SendResult } from './outbox';
import { outboxOf, type OutboxEntry } from '../../lib/offline-store';

/** How the outbox stands, for the notice (outbox-notice.tsx). */
export interface OutboxState {
  /** Entries waiting to be sent (this learner's, every tab's). */
  pendientes: number;
  /** What the server refused for good at the last sending, in its Spanish words. */
  rechazados: string[];
  /** The browser says it is offline (navigator.onLine; a failed request also counts as offline). */
  sinConexion: boolean;
}

/** The cards whose rating waits (a due list read meanwhile still has them: the screen leaves them out). */
type Waiting = string[];

/**
 * The learner's outbox on a screen: entries are added by `keep`, and sent (in order, each under its key) when
 * the screen opens, when the browser comes back online and after each `keep` while online. One sending at a
 * time per screen; two tabs may send the same entry at once, which the server's keys make harmless.
 */
export function useOutbox(send: (entry: OutboxEntry) => Promise<SendResult>) {
  const userId = useAuth().user?.id;
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
      setWaiting(listed.map((e) => e.cardId));
      setState((s) => ({ ...s, pendientes: listed.length }));
      const report = await drainOutbox(store, (e) => sendRef.current(e));
      // Read again: entries kept while this sending ran are waiting too.
      const left = await store.list();
      setWaiting(left.map((e) => e.cardId));
      setState((s) => ({ pendientes: left.length, rechazados: report.rechazados.length ? report.rechazados : s.rechazados, sinConexion: report.pendientes > 0 || !navigator.onLine }));
    } finally {
      sending.current = false;
    }
  }, [userId]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    const offline = () => setState((s) => ({ ...s, sinConexion: true }));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [flush]);

  /** Keeps an entry for later (the request just got no answer): shown as waiting, never as sent. */
  const keep = useCallback(async (entry: OutboxEntry) => {
    if (!userId) return;
    const store = outboxOf(userId);
    await store.add(entry);
    const kept = await store.list();
    setWaiting(kept.map((e) => e.cardId));
    setState((s) => ({ ...s, pendientes: kept.length, sinConexion: true }));
  }, [userId]);

  return { ...state, waiting, keep, flush };
}
