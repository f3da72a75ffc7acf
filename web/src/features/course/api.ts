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

export const coursesApi = {
  suggestions: (body: SuggestionsRequest) => data<CourseSuggestion[]>(api.post('/courses/suggestions', body)),
  // One key per request of the learner: the client's retries replay it and the server answers the first result.
  plan: (body: PlanRequest) => api.post<PlanResponse>('/courses/plan', body, { headers: { 'Idempotency-Key': idempotencyKey() } }).then((r) => r.data),
  retry: (courseId: string) => api.post<PlanResponse>(`${course(courseId)}/retry`).then((r) => r.data),
  /** Polled every second while a course is written: no loading indicator. */
  job: (jobId: string) => data<JobView>(api.get(`/jobs/${encodeURIComponent(jobId)}`, { silent: true })),
  myCourses: (background = false) => data<CourseSummary[]>(api.get('/courses/my-courses', { silent: background })),
  /** `background`: a refresh while lessons are being written, without the blocking overlay. */
  course: (courseId: string, background = false) => data<CourseDetail>(api.get(course(courseId), { silent: background })),
  setProgress: (courseId: string, body: ProgressRequest, background = false) =>
    data<ProgressResponse>(api.post(`${course(courseId)}/progress`, body, { silent: background })),
  generateLesson: (courseId: string, moduleId: string, lessonId: string) =>
    data<LessonView>(api.post('/lesson/generate', { courseId, moduleId, lessonId }, { loadingMessage: 'Generando la lección...' })),
  evaluation: (courseId: string, moduleId: string) =>
    data<PublicEvaluation>(api.post('/evaluacion/generate', { courseId, moduleId }, { loadingMessage: 'Cargando evaluación...' })),
  submitEvaluation: (courseId: string, moduleId: string, body: EvaluationSubmission) =>
    data<EvaluationResult>(
      api.post(`${course(courseId)}/modules/${encodeURIComponent(moduleId)}/evaluation`, body, { loadingMessage: 'Corrigiendo tu evaluación...' }),
    ),
};

export const loadCourseSchemas = () => import('../../../../lambdas/contract/courses');
