import type { User } from '../contract';
import { notFound } from '../shared/errors';
import type { PublicProfilePort } from './use-cases';
import type { CourseTopicStore } from '../user-profile';

// A course's topic joins the learner's public profile only when the learner turns on that course's
// own switch (privacy by default, GDPR art. 25). The switch lives on the profile (`temasPublicos`,
// course id → topic), so GET /users/me answers it and the projection is rebuilt from one item.

const NO_COURSE = 'No encontramos ese curso.';

export async function setCourseVisibility(
  deps: { store: CourseTopicStore; publicProfile: PublicProfilePort },
  userId: string,
  courseId: string,
  publico: boolean,
): Promise<User> {
  // The caller's own partition decides: another learner's course id addresses nothing here.
  const topic = await deps.store.courseTopic(userId, courseId);
  if (topic === undefined) throw notFound(NO_COURSE);
  const user = await deps.store.setCourseTopic(userId, courseId, publico ? topic : undefined);
  if (!user) throw notFound('No encontramos tu perfil. Cierra sesión y vuelve a entrar.');
  await deps.publicProfile.syncProfile(user);
  return user;
}
