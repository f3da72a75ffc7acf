import type { UpdateProfileRequest, User } from '../contract';
import { notFound } from '../shared/errors';
import type { UserStore } from '../user-profile';

const MISSING = 'No encontramos tu perfil. Cierra sesión y vuelve a entrar.';

export async function getMe(store: UserStore, userId: string): Promise<User> {
  const user = await store.get(userId);
  if (!user) throw notFound(MISSING);
  return user;
}

/** Where the public side of a profile goes (social's projection): one projection write per update, plus index writes only for topics that changed. */
export interface PublicProfilePort {
  syncProfile(user: User): Promise<void>;
}

export async function updateProfile(store: UserStore, userId: string, changes: UpdateProfileRequest, publicProfile?: PublicProfilePort): Promise<User> {
  // Interests are kept unique regardless of case, in the order the learner gave them.
  const seen = new Set<string>();
  const intereses = changes.intereses?.filter((t) => {
    const key = t.toLocaleLowerCase('es');
    return !seen.has(key) && seen.add(key);
  });
  const user = await store.updateProfile(userId, { ...changes, ...(intereses && { intereses }) });
  if (!user) throw notFound(MISSING);
  // After the profile write: the projection is rebuilt from the whole profile, so a failure here
  // is repaired by the next update or by the learner's next visit to the community.
  await publicProfile?.syncProfile(user);
  return user;
}
