import type { DiplomadoPlanRequest } from '../../../../lambdas/contract/diplomado';
import { call, type RouteAnswer } from '../../lib/api';
import { polling } from '../../lib/polling';
import { coursesApi, followJob } from '../course';

export type CourseStartResponse = RouteAnswer<'POST /diplomado/course'>;

export const diplomadoApi = {
  /** Starts the plan's model job and follows it; the new programme once it is written. */
  plan: async (body: DiplomadoPlanRequest) => {
    const answer = await call('POST /diplomado/plan', { body }, { loadingMessage: 'Diseñando tu diplomado...' });
    const result = await followJob(answer.jobId, coursesApi.job, polling.jobMs);
    if (result.kind !== 'diplomado') throw new Error('No pudimos diseñar tu diplomado. Inténtalo de nuevo.');
    return diplomadoApi.get(result.diplomadoId);
  },
  /** `background`: the refresh while courses are being written, without a loading indicator. */
  get: async (id: string, background = false) => (await call('GET /diplomado/{id}', { params: { id } }, { silent: background })).data,
  list: async () => (await call('GET /diplomado', {}, { silent: true })).data,
  generate: (diplomadoId: string, which: number | 'todos'): Promise<CourseStartResponse> =>
    call('POST /diplomado/course', { body: which === 'todos' ? { diplomadoId, todos: true } : { diplomadoId, index: which } }),
};

export const loadDiplomadoSchemas = () => import('../../../../lambdas/contract/diplomado');
