import { call, signUp, type Answer } from '../support/api';

// Every social response passes through `social()`, which fails the test if any private field of
// any learner could have leaked: the denylisted keys anywhere in the body, or a learner's email.

const PRIVATE_KEYS = new Set([
  'email', 'plan', 'bio', 'tokens', 'accessToken', 'refreshToken', 'idToken', 'password', 'sessionid', 'sessionId',
  'pagos', 'payments', 'stripeCustomerId', 'facturacion', 'billing', 'pk', 'sk', 'gsi1pk', 'gsi1sk', 'visible', 'perfilPublico', 'updatedAt',
]);
const emails = new Set<string>();

export function assertNoPrivateFields(value: unknown, path = 'body'): void {
  if (typeof value === 'string') {
    for (const email of emails) if (value.includes(email)) throw new Error(`${path} leaks an email`);
    if (/@example\.com/.test(value)) throw new Error(`${path} looks like an email: ${value}`);
    return;
  }
  if (Array.isArray(value)) return value.forEach((v, i) => assertNoPrivateFields(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (PRIVATE_KEYS.has(key)) throw new Error(`${path}.${key} is private and must never reach a social response`);
      assertNoPrivateFields(v, `${path}.${key}`);
    }
  }
}

export async function social<T = any>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> {
  const res = await call<T>(method, path, { token, ...(body !== undefined && { body }) });
  assertNoPrivateFields(res.body);
  return res;
}

export interface Learner {
  id: string;
  token: string;
  nombre: string;
}

/**
 * A confirmed learner with a bio (private) and the given interests (public), who chose to show
 * their profile in the community (privacy by default: pass `{ perfilPublico: false }` to stay hidden).
 */
export async function learner(nombre: string, intereses: string[] = [], extra: Record<string, unknown> = {}): Promise<Learner> {
  const { user, tokens, email } = await signUp(nombre);
  emails.add(email);
  const res = await call('PUT', '/users/profile', {
    token: tokens.accessToken,
    body: { intereses, bio: 'Texto privado de la biografía', perfilPublico: true, ...extra },
  });
  if (res.status !== 200) throw new Error(`profile answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: user.id, token: tokens.accessToken, nombre };
}

/** Turns one course's own "topic on my public profile" switch. */
export const showCourseTopic = (who: Learner, courseId: string, publico = true) =>
  call('PUT', `/users/courses/${courseId}/visibility`, { token: who.token, body: { publico } });

export const setProfile = (who: Learner, body: Record<string, unknown>) => call('PUT', '/users/profile', { token: who.token, body });

/** A topic no other test uses, so results only hold this test's learners. */
let n = 0;
export const uniqueTopic = (base: string) => `${base} ${Date.now().toString(36)}${(n++).toString(36)}`;

export const search = (who: Learner, topic: string, extra = '') =>
  social('GET', `/social/users/search?topic=${encodeURIComponent(topic)}${extra}`, who.token);
export const ids = (res: Answer) => (res.body.data.items as { userId: string }[]).map((c) => c.userId);
