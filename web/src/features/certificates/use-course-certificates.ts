import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CertificateSummary } from '../../../../lambdas/contract/certificates';
import { certificatesApi } from './api';
import { certificateKeys } from './query-keys';

/**
 * The learner's valid course certificates by course id, read only when a caller may show one
 * (a finished course): the dashboard's completed cards and the course page's completed card.
 */
export function useCourseCertificates(enabled: boolean) {
  const { data } = useQuery({ queryKey: certificateKeys.mine(), queryFn: () => certificatesApi.list(), enabled, staleTime: 30_000 });
  const byCourse = new Map<string, CertificateSummary>();
  for (const c of data ?? []) if (c.tipo === 'curso' && c.estado === 'valido') byCourse.set(c.sourceId, c);
  return byCourse;
}

/** After a request that issued one: the list is read again where it is shown. */
export const certificatesChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: certificateKeys.all });
