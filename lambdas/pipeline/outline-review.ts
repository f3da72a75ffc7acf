import { OUTLINE_REVIEW } from '../contract';
import { clock } from '../shared/clock';
import type { GenerationInput, OutlineReviewStore } from '../course-model';

// The OutlineReview state (a `.waitForTaskToken` task, issue 15) and its timeout path,
// OutlineKept. The state machine waits until PUT /courses/{id}/outline sends the edited outline
// with SendTaskSuccess, or until TimeoutSeconds, when OutlineKept goes on with the stored outline.

export type ReviewInput = GenerationInput & { token?: string; kept?: boolean };

export async function outlineReviewTask(review: OutlineReviewStore, input: ReviewInput) {
  const c = input.course;
  if (input.kept) {
    // Whatever the outline is now (the learner may have confirmed just as the wait ran out).
    const stored = await review.keep(c.userId, c.courseId, c.jobId);
    if (!stored) throw new Error('The course disappeared during its outline review');
    return { titulo: stored.titulo, modulos: stored.modulos };
  }
  if (!input.token) throw new Error('OutlineReview needs the task token ($$.Task.Token)');
  const until = new Date(clock.now().getTime() + OUTLINE_REVIEW.timeoutHours * 3_600_000).toISOString();
  await review.begin(c.userId, c.courseId, c.jobId, input.token, until);
  return { waiting: true };
}
