import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/error-message';
import { courseKeys } from '../../lib/course-keys';
import { diplomadoApi } from './api';
import { diplomadoKeys } from './query-keys';

/** How often the programme is refreshed while one of its courses is being written (tests shorten it). */
export const diplomadoPolling = { ms: 3000 };

const statusOf = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/** The programme; re-read quietly every `diplomadoPolling.ms` while one of its courses is being written. */
export function useDiplomado(id: string) {
  const client = useQueryClient();
  const key = diplomadoKeys.detail(id);
  const query = useQuery({
    queryKey: key,
    // The first read shows the loading indicator; later ones are quiet and, failing, keep the page.
    queryFn: () => diplomadoApi.get(id, client.getQueryData(key) !== undefined),
    refetchInterval: (q) => (q.state.data?.cursos.some((c) => c.estado === 'generando') ? diplomadoPolling.ms : false),
  });
  const diplomado = query.data;
  const error = diplomado === undefined && query.error ? { status: statusOf(query.error), message: errorMessage(query.error, 'No pudimos cargar el diplomado.') } : undefined;
  /** After a write on this page (courses started): read it again, quietly; the course list is stale too. */
  const reload = () => client.invalidateQueries({ queryKey: courseKeys.all });
  return { diplomado, error, reload };
}
