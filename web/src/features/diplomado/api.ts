import type { DiplomadoCourseStart, DiplomadoPlanRequest, DiplomadoSummary, DiplomadoView } from '../../../../lambdas/contract/diplomado';
import type { CourseState } from '../../../../lambdas/contract/courses';
import { api } from '../../lib/api-client';
import { coursesApi, followJob, polling } from '../course';

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}
export interface CourseStartResponse {
  success: boolean;
  data: { cursos: DiplomadoCourseStart[] };
  curso?: { courseId: string; estado: CourseState };
  jobId?: string;
  message?: string;
}

const data = <T>(p: Promise<{ data: Envelope<T> }>) => p.then((r) => r.data.data);

export const diplomadoApi = {
  /** Starts the plan's model job and follows it; the new programme once it is written. */
  plan: async (body: DiplomadoPlanRequest) => {
    const answer = await api.post<{ jobId: string }>('/diplomado/plan', body, { loadingMessage: 'Diseñando tu diplomado...' });
    const result = await followJob(answer.data.jobId, coursesApi.job, polling.jobMs);
    if (result.kind !== 'diplomado') throw new Error('No pudimos diseñar tu diplomado. Inténtalo de nuevo.');
    return diplomadoApi.get(result.diplomadoId);
  },
  /** `background`: the refresh while courses are being written, without a loading indicator. */
  get: (id: string, background = false) => data<DiplomadoView>(api.get(`/diplomado/${encodeURIComponent(id)}`, { silent: background })),
  list: () => data<DiplomadoSummary[]>(api.get('/diplomado', { silent: true })),
  generate: (diplomadoId: string, which: number | 'todos') =>
    api.post<CourseStartResponse>('/diplomado/course', which === 'todos' ? { diplomadoId, todos: true } : { diplomadoId, index: which }).then((r) => r.data),
};

export const loadDiplomadoSchemas = () => import('../../../../lambdas/contract/diplomado');
