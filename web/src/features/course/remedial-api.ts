import type { PracticeFeedback, RemedialPiece } from '../../../../lambdas/contract/remedial';
import { call } from '../../lib/api';
import { followJob } from './job-result';
import { readJob } from './job-reader';
import { polling } from '../../lib/polling';

// The Refuerzo guiado's calls (issue 32 item 4, docs/learning.md): the piece opens at once when it
// is written, else its model job is followed through GET /jobs/{id} (as a lesson or an evaluation
// is) and the piece asked again. Quiet: the offer shows its own "Preparando…" state.

const quiet = { silent: true };
const where = (courseId: string, moduleId: string) => ({ params: { id: courseId, moduleId } });

export const remedialApi = {
  open: async (courseId: string, moduleId: string): Promise<RemedialPiece> => {
    const ask = () => call('POST /courses/{id}/modules/{moduleId}/refuerzo', where(courseId, moduleId), quiet);
    const answer = await ask();
    if (!('jobId' in answer)) return answer.data;
    await followJob(answer.jobId, readJob, polling.jobMs);
    const again = await ask();
    if ('jobId' in again) throw new Error('No pudimos preparar tu refuerzo. Inténtalo de nuevo.');
    return again.data;
  },
  answer: async (courseId: string, moduleId: string, item: number, opcion: PracticeFeedback['opcionElegida']): Promise<PracticeFeedback> =>
    (await call('POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta', { ...where(courseId, moduleId), body: { item, opcion } }, quiet)).data,
  /** Issue 32 item 5: the open question answered in the learner's words; the grading job's id (the box follows it). */
  openAnswer: async (courseId: string, moduleId: string, respuesta: string): Promise<string> =>
    (await call('POST /courses/{id}/modules/{moduleId}/refuerzo/abierta', { ...where(courseId, moduleId), body: { respuesta } }, quiet)).jobId,
};
