import type { CourseMastery, MasteryNextStep, NextStep } from '../../../../lambdas/contract/mastery';
import { call } from '../../lib/api';
import { evaluationHref, lessonHref } from '../../lib/course-links';

// Issue 32: the learner model as the learner sees it (docs/learning.md "Mapa de dominio"). Quiet
// reads: the map and the dashboard's next step show their own placeholders, never the overlay.

export type { CourseMastery, MasteryNextStep, NextStep };

const quiet = { silent: true };

export const masteryApi = {
  course: async (courseId: string) => (await call('GET /courses/{id}/mastery', { params: { id: courseId } }, quiet)).data,
  nextStep: async () => (await call('GET /courses/next-step', {}, quiet)).data,
};

/** Where a next step leads, and the words of its link. */
export function nextStepLink(step: NextStep): { to: string; label: string } {
  const review = (moduleId?: string) => `/repaso?${new URLSearchParams({ curso: step.courseId, ...(moduleId && { modulo: moduleId }) })}`;
  switch (step.tipo) {
    case 'evaluar':
      return { to: step.moduleId ? evaluationHref(step.courseId, step.moduleId) : lessonHref(step.courseId), label: 'Ir a la evaluación' };
    case 'repasar':
      // Issue 41 item 4: a faded objective sends the learner back to the lesson that teaches it.
      if (step.estado === 'por_repasar' && step.moduleId && step.lessonId) return { to: lessonHref(step.courseId, { moduleId: step.moduleId, lessonId: step.lessonId }), label: 'Volver a la lección' };
      return { to: review(step.moduleId), label: 'Empezar repaso' };
    case 'completado':
      return { to: review(), label: 'Repasar el curso' };
    default:
      return { to: lessonHref(step.courseId, step.moduleId && step.lessonId ? { moduleId: step.moduleId, lessonId: step.lessonId } : undefined), label: 'Ir a la lección' };
  }
}
