import type { TutorChatAnswer, TutorChatRequest, TutorContextView } from '../../../../lambdas/contract/tutor';
import { api } from '../../lib/api-client';

// The tutor's calls. The chat keeps the SPEC's "chat" loading type ("Conectando con el tutor...");
// reading the context is quiet: the panel shows its own placeholder.

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

const context = (courseId: string) => `/ai-tutor/context/${encodeURIComponent(courseId)}`;

/** Which lesson the learner is on; lesson ids repeat across modules, so the module goes with it. */
function lessonQuery(at?: { moduleId?: string; lessonId?: string }) {
  if (!at?.lessonId) return '';
  const q = new URLSearchParams(at.moduleId ? { moduleId: at.moduleId, lessonId: at.lessonId } : { lessonId: at.lessonId });
  return `?${q}`;
}

export const tutorApi = {
  context: (courseId: string, at?: { moduleId?: string; lessonId?: string }) =>
    api.get<Envelope<TutorContextView>>(`${context(courseId)}${lessonQuery(at)}`, { silent: true }).then((r) => r.data.data),
  chat: (body: TutorChatRequest) => api.post<Envelope<TutorChatAnswer>>('/ai-tutor/chat', body).then((r) => r.data.data),
  clear: (courseId: string) => api.delete<Envelope<never>>(context(courseId), { silent: true }).then((r) => r.data),
};
