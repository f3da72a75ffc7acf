import type { UpdateProfileRequest, User } from '../contract';
import { notFound } from '../shared/errors';
import type { UserStore } from './user-store';

const MISSING = 'No encontramos tu perfil. Cierra sesión y vuelve a entrar.';

export async function getMe(store: UserStore, userId: string): Promise<User> {
  const user = await store.get(userId);
  if (!user) throw notFound(MISSING);
  return user;
}

export async function updateProfile(store: UserStore, userId: string, changes: UpdateProfileRequest): Promise<User> {
  // Interests are kept unique regardless of case, in the order the learner gave them.
  const seen = new Set<string>();
  const intereses = changes.intereses?.filter((t) => {
    const key = t.toLocaleLowerCase('es');
    return !seen.has(key) && seen.add(key);
  });
  const user = await store.updateProfile(userId, { ...changes, ...(intereses && { intereses }) });
  if (!user) throw notFound(MISSING);
  return user;
}
