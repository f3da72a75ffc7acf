import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/error-message';

/** Loads once on mount; `reload` tries again. The error is the server's Spanish message. */
export function useLoad<T>(load: () => Promise<T>, fallback: string) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    setError(undefined);
    load()
      .then((d) => setData(d))
      .catch((e) => setError(errorMessage(e, fallback)))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(reload, [reload]);
  return { data, setData, error, loading, reload };
}
