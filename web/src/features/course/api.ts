import type { CourseSuggestion, EvaluationSubmission, JobView, LessonView, PlanRequest, ProgressAnswer, ProgressRequest, PublicEvaluation, SuggestionsRequest } from '../../../../lambdas/contract/courses';
import { idempotencyKey } from '../../lib/api-client';
import { call, request, type RouteAnswer } from '../../lib/api';
import { readCourse } from './course-read';
import { followJob } from './job-result';
import { readJob } from './job-reader';
import { polling } from '../../lib/polling';
import { announceCertificates } from '../certificates';

// Every course call of the SPA (SPEC §7), through the contract's client (lib/api.ts). Types only
// from the contract: its zod schemas load lazily (see loadCourseSchemas) so they stay out of these
// pages' chunks until a form is used.

/** What POST /courses/plan and /courses/{id}/retry answer: SPEC §3 `curso.courseId` and the job. */
export type PlanResponse = RouteAnswer<'POST /courses/plan'>;

/** After a progress write: the server's percentages and the lesson's new state. */
export type ProgressResponse = ProgressAnswer;

const follow = (jobId: string) => followJob(jobId, readJob, polling.jobMs);

export const coursesApi = {
  suggestions: async (body: SuggestionsRequest): Promise<CourseSuggestion[]> => {
    const answer = await call('POST /courses/suggestions', { body });
    if (!('jobId' in answer)) return answer.data;
    const result = await follow(answer.jobId);
    return result.kind === 'sugerencias' ? result.sugerencias : [];
  },
  // One key per request of the learner: the client's retries replay it and the server answers the first result.
  plan: (body: PlanRequest) => call('POST /courses/plan', { body }, { headers: { 'Idempotency-Key': idempotencyKey() } }),
  retry: (courseId: string) => call('POST /courses/{id}/retry', { params: { id: courseId } }),
  /** Polled with backoff while a course is written, as a conditional read (job-reader.ts): no loading indicator. */
  job: (jobId: string): Promise<JobView> => readJob(jobId),
  myCourses: async (background = false) => (await call('GET /courses/my-courses', {}, { silent: background })).data,
  /** `background`: a refresh while lessons are being written, without the blocking overlay. */
  course: (courseId: string, background = false) => readCourse(courseId, background),
  setProgress: async (courseId: string, body: ProgressRequest, background = false) =>
    announceCertificates(await request('POST /courses/{id}/progress', { params: { id: courseId }, body }, { silent: background })).data.data,
  /** Starts the lesson's model job, follows it, then reads the lesson as the course now has it. */
  generateLesson: async (courseId: string, moduleId: string, lessonId: string): Promise<LessonView> => {
    const answer = await call('POST /lesson/generate', { body: { courseId, moduleId, lessonId } }, { loadingMessage: 'Generando la lección...' });
    await follow(answer.jobId);
    const detail = await coursesApi.course(courseId, true);
    const lesson = detail.modulos.find((m) => m.moduleId === moduleId)?.lecciones.find((l) => l.lessonId === lessonId);
    if (!lesson) throw new Error('No encontramos esa lección en tu curso.');
    return lesson;
  },
  /** The evaluation in force; when none is written yet (or `regenerar`), follows its job and asks again. */
  evaluation: async (courseId: string, moduleId: string, regenerar = false): Promise<PublicEvaluation> => {
    const ask = (again: boolean) =>
      call('POST /evaluacion/generate', { body: { courseId, moduleId, ...(again && { regenerar: true }) } }, { loadingMessage: 'Cargando evaluación...' });
    const answer = await ask(regenerar);
    if (!('jobId' in answer)) return answer.data;
    await follow(answer.jobId);
    const again = await ask(false);
    if ('jobId' in again) throw new Error('No pudimos preparar la evaluación. Inténtalo de nuevo.');
    return again.data;
  },
  submitEvaluation: async (courseId: string, moduleId: string, body: EvaluationSubmission) =>
    announceCertificates(
      await request('POST /courses/{id}/modules/{moduleId}/evaluation', { params: { id: courseId, moduleId }, body }, { loadingMessage: 'Corrigiendo tu evaluación...' }),
    ).data.data,
};

export const loadCourseSchemas = () => import('../../../../lambdas/contract/courses');
