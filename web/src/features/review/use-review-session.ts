import { useCallback, useEffect, useState } from 'react';
import type { Calificacion, PublicReviewCard, ReviewSolution } from '../../../../lambdas/contract/review';
import { errorMessage } from '../../lib/error-message';
import { reviewApi } from './api';

/** One review session: today's due cards, one at a time; question → answer → rating → next. */
export function useReviewSession(courseId?: string) {
  const [cards, setCards] = useState<PublicReviewCard[] | undefined>();
  const [pendientes, setPendientes] = useState(0);
  const [solution, setSolution] = useState<ReviewSolution | undefined>();
  const [chosen, setChosen] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [error, setError] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      const due = await reviewApi.due(courseId);
      setCards(due.tarjetas);
      setPendientes(due.pendientes);
      setError(undefined);
    } catch (err) {
      setError(errorMessage(err, 'No pudimos cargar tu repaso.'));
    }
  }, [courseId]);
  useEffect(() => void load(), [load]);

  const current = cards?.[0];

  async function reveal(opcion?: string) {
    if (!current || busy) return;
    setBusy(true);
    setChosen(opcion);
    try {
      setSolution(await reviewApi.reveal(current.cardId, opcion));
    } catch (err) {
      setError(errorMessage(err, 'No pudimos mostrar la respuesta.'));
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
      setPendientes((n) => Math.max(0, n - 1));
      const rest = (cards ?? []).slice(1);
      // The page holds up to 20 cards; when it runs out while more are due, read the next ones.
      if (rest.length === 0 && pendientes > 1) await load();
      else setCards(rest);
    } catch (err) {
      setError(errorMessage(err, 'No pudimos guardar tu repaso.'));
    } finally {
      setBusy(false);
    }
  }

  return { cards, current, pendientes, solution, chosen, busy, done, error, reveal, rate, reload: load };
}
