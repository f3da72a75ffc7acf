import type { TutorChatRequest } from '../../../../lambdas/contract/tutor';
import { call } from '../../lib/api';

// The tutor's calls. The chat keeps the SPEC's "chat" loading type ("Conectando con el tutor...");
// reading the context is quiet: the panel shows its own placeholder.

/** Which lesson the learner is on; lesson ids repeat across modules, so the module goes with it. */
const lessonQuery = (at?: { moduleId?: string; lessonId?: string }) =>
  at?.lessonId ? (at.moduleId ? { moduleId: at.moduleId, lessonId: at.lessonId } : { lessonId: at.lessonId }) : {};

export const tutorApi = {
  context: async (courseId: string, at?: { moduleId?: string; lessonId?: string }) =>
    (await call('GET /ai-tutor/context/{id}', { params: { id: courseId }, query: lessonQuery(at) }, { silent: true })).data,
  chat: async (body: TutorChatRequest) => (await call('POST /ai-tutor/chat', { body })).data,
  clear: (courseId: string) => call('DELETE /ai-tutor/context/{id}', { params: { id: courseId } }, { silent: true }),
  /** An answer read aloud, named by its `fecha`, in the profile's voice (issue 26); the button shows its own wait. */
  speak: async (courseId: string, fecha: string) =>
    (await call('POST /ai-tutor/context/{id}/voz', { params: { id: courseId }, body: { fecha } }, { silent: true })).data,
};
