// A small client for integration tests: real HTTP to the local stack's gateway, as the SPA talks to it.
export const baseUrl = () => {
  const url = process.env.MENTORA_URL;
  if (!url) throw new Error('MENTORA_URL is not set: run through the jest integration project');
  return url;
};

export interface Answer<T = any> {
  status: number;
  body: T;
}

export async function call<T = any>(
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  // A page (the LTI launch inside an iframe, Deep Linking's answer) is its text; every other answer is JSON.
  const page = (res.headers.get('content-type') ?? '').startsWith('text/html');
  return { status: res.status, body: text ? (page ? text : JSON.parse(text)) : undefined };
}

/** Codes the local user pool "sent" to an address, newest first. */
export async function mailFor(email: string): Promise<{ to: string; code: string }[]> {
  const res = await fetch(`${baseUrl()}/__local/mail?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  return res.json();
}

let counter = 0;
export const uniqueEmail = (tag = 'learner') => `${tag}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
export const PASSWORD = 'Aprender2025';

/** Registers and confirms a learner through the real routes; returns their user and tokens. */
export async function signUp(nombre = 'Lucía') {
  const email = uniqueEmail();
  const reg = await call('POST', '/auth/register', { body: { email, password: PASSWORD, nombre } });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const [mail] = await mailFor(email);
  const conf = await call('POST', '/auth/confirm', {
    body: { username: reg.body.user.id, code: mail.code, email, sessionId: reg.body.sessionid },
  });
  if (conf.status !== 200) throw new Error(`confirm answered ${conf.status}: ${JSON.stringify(conf.body)}`);
  return { email, user: conf.body.user, tokens: conf.body.tokens as { accessToken: string; refreshToken: string; idToken: string; expiresIn: number } };
}
