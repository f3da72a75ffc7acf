import type {
  CourseDetail,
  CourseSuggestion,
  CourseSummary,
  EvaluationResult,
  EvaluationSubmission,
  JobView,
  LessonView,
  PlanRequest,
  ProgressRequest,
  PublicEvaluation,
  SuggestionsRequest,
} from '../../../../lambdas/contract/courses';
import { api, idempotencyKey } from '../../lib/api-client';
import { followJob, type Started } from './job-result';
import { readJob } from './job-reader';
import { polling } from './polling';
import { announceCertificates } from '../certificates';

// Every course call of the SPA (SPEC §7). Types only from the contract: its zod schemas load
// lazily (see loadCourseSchemas) so they stay out of these pages' chunks until a form is used.

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

/** What POST /courses/plan and /courses/{id}/retry answer: SPEC §3 `curso.courseId` and the job. */
export interface PlanResponse {
  success: boolean;
  curso: CourseSummary;
  jobId: string;
  message?: string;
}

/** After a progress write: the server's percentages and the lesson's new state. */
export interface ProgressResponse {
  courseId: string;
  progreso: CourseSummary['progreso'];
  modulos: { moduleId: string; progreso: CourseSummary['progreso'] }[];
  leccion: { moduleId: string; lessonId: string; estado: ProgressRequest['estado'] };
}

const data = <T>(p: Promise<{ data: Envelope<T> }>) => p.then((r) => r.data.data);
const course = (id: string) => `/courses/${encodeURIComponent(id)}`;
/** A model route's answer: the data when it came at once, else the job's result once it ends. */
const started = <T>(p: Promise<{ data: Started<T> }>) =>
  p.then((r) => (r.data.jobId ? { jobId: r.data.jobId } : { data: r.data.data as T }));
const follow = (jobId: string) => followJob(jobId, readJob, polling.jobMs);

export const coursesApi = {
  suggestions: async (body: SuggestionsRequest) => {
    const answer = await started<CourseSuggestion[]>(api.post('/courses/suggestions', body));
    if (!answer.jobId) return answer.data as CourseSuggestion[];
    const result = await follow(answer.jobId);
    return result.kind === 'sugerencias' ? result.sugerencias : [];
  },
  // One key per request of the learner: the client's retries replay it and the server answers the first result.
  plan: (body: PlanRequest) => api.post<PlanResponse>('/courses/plan', body, { headers: { 'Idempotency-Key': idempotencyKey() } }).then((r) => r.data),
  retry: (courseId: string) => api.post<PlanResponse>(`${course(courseId)}/retry`).then((r) => r.data),
  /** Polled with backoff while a course is written, as a conditional read (job-reader.ts): no loading indicator. */
  job: (jobId: string): Promise<JobView> => readJob(jobId),
  myCourses: (background = false) => data<CourseSummary[]>(api.get('/courses/my-courses', { silent: background })),
  /** `background`: a refresh while lessons are being written, without the blocking overlay. */
  course: (courseId: string, background = false) => data<CourseDetail>(api.get(course(courseId), { silent: background })),
  setProgress: (courseId: string, body: ProgressRequest, background = false) =>
    data<ProgressResponse>(api.post(`${course(courseId)}/progress`, body, { silent: background }).then(announceCertificates)),
  /** Starts the lesson's model job, follows it, then reads the lesson as the course now has it. */
  generateLesson: async (courseId: string, moduleId: string, lessonId: string): Promise<LessonView> => {
    const answer = await api.post<Started<never>>('/lesson/generate', { courseId, moduleId, lessonId }, { loadingMessage: 'Generando la lección...' });
    await follow(answer.data.jobId as string);
    const detail = await data<CourseDetail>(api.get(course(courseId), { silent: true }));
    const lesson = detail.modulos.find((m) => m.moduleId === moduleId)?.lecciones.find((l) => l.lessonId === lessonId);
    if (!lesson) throw new Error('No encontramos esa lección en tu curso.');
    return lesson;
  },
  /** The evaluation in force; when none is written yet (or `regenerar`), follows its job and asks again. */
  evaluation: async (courseId: string, moduleId: string, regenerar = false): Promise<PublicEvaluation> => {
    const ask = (again: boolean) =>
      started<PublicEvaluation>(api.post('/evaluacion/generate', { courseId, moduleId, ...(again && { regenerar: true }) }, { loadingMessage: 'Cargando evaluación...' }));
    const answer = await ask(regenerar);
    if (!answer.jobId) return answer.data as PublicEvaluation;
    await follow(answer.jobId);
    return (await ask(false)).data as PublicEvaluation;
  },
  submitEvaluation: (courseId: string, moduleId: string, body: EvaluationSubmission) =>
    data<EvaluationResult>(
      api.post(`${course(courseId)}/modules/${encodeURIComponent(moduleId)}/evaluation`, body, { loadingMessage: 'Corrigiendo tu evaluación...' }).then(announceCertificates),
    ),
};

export const loadCourseSchemas = () => import('../../../../lambdas/contract/courses');
