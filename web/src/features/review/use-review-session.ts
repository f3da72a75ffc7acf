import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Calificacion, ReviewSolution } from '../../../../lambdas/contract/review';
import { errorMessage } from '../../lib/error-message';
import { reviewApi, type DueCards } from './api';
import { reviewKeys } from './query-keys';

/**
 * One review session: today's due cards, one at a time; question → answer → rating → next. The due
 * page is server state (read each time the page opens: cards fall due with the clock); a rating
 * takes its card off the cached page, and the dashboard's summary is stale from then on.
 */
export function useReviewSession(courseId?: string) {
  const client = useQueryClient();
  const key = reviewKeys.due(courseId);
  const due = useQuery({ queryKey: key, queryFn: () => reviewApi.due(courseId), staleTime: 0 });
  const [solution, setSolution] = useState<ReviewSolution | undefined>();
  const [chosen, setChosen] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState<string | undefined>();

  const cards = due.data?.tarjetas;
  const pendientes = due.data?.pendientes ?? 0;
  const current = cards?.[0];
  const loadError = due.isError && !due.isFetching ? errorMessage(due.error, 'No pudimos cargar tu repaso.') : undefined;

  async function reveal(opcion?: string) {
    if (!current || busy) return;
    setBusy(true);
    setChosen(opcion);
    try {
      setSolution(await reviewApi.reveal(current.cardId, opcion));
    } catch (err) {
      setFailed(errorMessage(err, 'No pudimos mostrar la respuesta.'));
    } finally {
      setBusy(false);
    }
  }

  async function rate(calificacion: Calificacion) {
    if (!current || !solution || busy) return;
    setBusy(true);
    try {
      await reviewApi.rate(current.cardId, calificacion);
      setDone((n) => n + 1);
      setSolution(undefined);
      setChosen(undefined);
      void client.invalidateQueries({ queryKey: reviewKeys.summary(), refetchType: 'none' });
      const rest = (cards ?? []).slice(1);
      // The page holds up to 20 cards; when it runs out while more are due, read the next ones.
      if (rest.length === 0 && pendientes > 1) await client.invalidateQueries({ queryKey: key });
      else client.setQueryData<DueCards>(key, (d) => d && { tarjetas: rest, pendientes: Math.max(0, d.pendientes - 1) });
    } catch (err) {
      setFailed(errorMessage(err, 'No pudimos guardar tu repaso.'));
    } finally {
      setBusy(false);
    }
  }

  const reload = async () => {
    setFailed(undefined);
    await due.refetch();
  };
  return { cards, current, pendientes, solution, chosen, busy, done, error: failed ?? loadError, reveal, rate, reload };
}
