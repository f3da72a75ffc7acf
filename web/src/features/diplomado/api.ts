import type { DiplomadoCourseStart, DiplomadoPlanRequest, DiplomadoSummary, DiplomadoView } from '../../../../lambdas/contract/diplomado';
import type { CourseState } from '../../../../lambdas/contract/courses';
import { api } from '../../lib/api-client';

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
  plan: (body: DiplomadoPlanRequest) => data<DiplomadoView>(api.post('/diplomado/plan', body, { loadingMessage: 'Diseñando tu diplomado...' })),
  /** `background`: the refresh while courses are being written, without a loading indicator. */
  get: (id: string, background = false) => data<DiplomadoView>(api.get(`/diplomado/${encodeURIComponent(id)}`, { silent: background })),
  list: () => data<DiplomadoSummary[]>(api.get('/diplomado', { silent: true })),
  generate: (diplomadoId: string, which: number | 'todos') =>
    api.post<CourseStartResponse>('/diplomado/course', which === 'todos' ? { diplomadoId, todos: true } : { diplomadoId, index: which }).then((r) => r.data),
};

export const loadDiplomadoSchemas = () => import('../../../../lambdas/contract/diplomado');
