import { useCallback, useEffect, useState } from 'react';
import type { DiplomadoView } from '../../../../lambdas/contract/diplomado';
import { errorMessage } from '../../lib/error-message';
import { diplomadoApi } from './api';

/** How often the programme is refreshed while one of its courses is being written (tests shorten it). */
export const diplomadoPolling = { ms: 3000 };

export function useDiplomado(id: string) {
  const [diplomado, setDiplomado] = useState<DiplomadoView>();
  const [error, setError] = useState<{ status?: number; message: string }>();

  const load = useCallback(
    async (background = false) => {
      try {
        setDiplomado(await diplomadoApi.get(id, background));
        setError(undefined);
      } catch (err) {
        if (background) return;
        setError({ status: (err as { response?: { status?: number } }).response?.status, message: errorMessage(err, 'No pudimos cargar el diplomado.') });
      }
    },
    [id],
  );

  useEffect(() => void load(), [load]);

  const generating = diplomado?.cursos.some((c) => c.estado === 'generando') ?? false;
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => void load(true), diplomadoPolling.ms);
    return () => clearInterval(timer);
  }, [generating, load]);

  return { diplomado, error, reload: load };
}
