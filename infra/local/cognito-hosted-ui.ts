import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from 'cognito-local/lib/services';
import { federatedUser, providerPage, SIMULATED_PROVIDERS } from './cognito-federation';

/**
 * The Hosted UI's own session, which cognito-local's /oauth2/authorize form lacks: Cognito keeps a
 * `cognito` cookie after a sign-in, signs the next /oauth2/authorize straight through without the
 * form, and forgets it only at GET /logout?client_id=…&logout_uri=… (issue 14: signing out of a
 * Google or Microsoft session must end it, or the next person on the computer is signed in).
 * The form itself stays cognito-local's: this layer forwards to it over loopback and reads its answer.
 */

const COOKIE = 'cognito';
/** Cognito's Hosted UI session lasts an hour. */
const SESSION_MS = 60 * 60 * 1000;
/** Marks the loopback calls this layer makes, so they reach cognito-local's form untouched. */
const INNER = 'x-mentora-hosted-ui-inner';

interface Session {
  clientId: string;
  username: string;
  expires: number;
}

const cookieOf = (req: IncomingMessage) =>
  /(?:^|;\s*)cognito=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '')?.[1];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function hostedUiSessions(services: Services, logger: unknown, selfUrl: () => string) {
  const ctx = { logger: logger as never };
  const sessions = new Map<string, Session>();

  const userOf = async (clientId: string, username: string) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    return pool.getUserByUsername(ctx, username);
  };
  /** cognito-local's form answer for these fields: a redirect with a code, or the form again. */
  const postForm = (form: URLSearchParams) =>
    fetch(`${selfUrl()}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [INNER]: '1' },
      body: form.toString(),
      redirect: 'manual',
    });

  async function resume(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const id = cookieOf(req);
    const session = id ? sessions.get(id) : undefined;
    if (!id || !session || session.expires < Date.now() || session.clientId !== url.searchParams.get('client_id')) return false;
    const user = await userOf(session.clientId, session.username);
    if (!user) return false;
    // The form, posted for the learner of the session: cognito-local checks the client, the
    // redirect URI and PKCE, and issues the code exactly as after a typed sign-in.
    const form = new URLSearchParams(url.searchParams);
    form.set('username', user.Username);
    form.set('password', user.Password);
    const answer = await postForm(form);
    const location = answer.headers.get('location');
    if (answer.status !== 302 || !location) return false;
    res.writeHead(302, { location }).end();
    return true;
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const providerEmail = form.get('provider_email');
    if (providerEmail !== null) {
      // The simulated Google or Microsoft account (cognito-federation.ts), signed in as its pool user.
      const user = await federatedUser(services, logger, {
        clientId: form.get('client_id') ?? '',
        provider: form.get('identity_provider') ?? 'Google',
        email: providerEmail,
        name: form.get('provider_name') ?? '',
      });
      for (const field of ['provider_email', 'provider_name', 'identity_provider']) form.delete(field);
      form.set('username', user.Username);
      form.set('password', user.Password);
    }
    const answer = await postForm(form);
    const location = answer.headers.get('location');
    const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'text/html; charset=utf-8' };
    if (answer.status === 302 && location) {
      const user = await userOf(form.get('client_id') ?? '', form.get('username') ?? '');
      if (user) {
        const id = randomBytes(32).toString('base64url');
        sessions.set(id, { clientId: form.get('client_id') ?? '', username: user.Username, expires: Date.now() + SESSION_MS });
        headers['set-cookie'] = `${COOKIE}=${id}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_MS / 1000}`;
      }
      headers.location = location;
    }
    res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
  }

  async function logout(req: IncomingMessage, res: ServerResponse, url: URL) {
    const clientId = url.searchParams.get('client_id') ?? '';
    const logoutUri = url.searchParams.get('logout_uri') ?? '';
    const client = await services.cognito.getAppClient(ctx, clientId).catch(() => null);
    if (!client || !(client.LogoutURLs ?? []).includes(logoutUri)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_request', error_description: 'logout_uri not registered for this client' }));
      return;
    }
    const id = cookieOf(req);
    if (id) sessions.delete(id);
    res.writeHead(302, { location: logoutUri, 'set-cookie': `${COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0` }).end();
  }

  /** True when this layer answered the request; false leaves it to cognito-local. */
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.headers[INNER]) return false;
    const url = new URL(req.url ?? '/', 'http://hosted-ui.local');
    if (req.method === 'GET' && url.pathname === '/logout') {
      await logout(req, res, url);
      return true;
    }
    if (url.pathname !== '/oauth2/authorize') return false;
    if (req.method === 'GET') {
      if (await resume(req, res, url)) return true;
      const provider = url.searchParams.get('identity_provider') ?? '';
      if (!SIMULATED_PROVIDERS.has(provider)) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(providerPage(provider, url.searchParams));
      return true;
    }
    if (req.method === 'POST') {
      await signIn(req, res);
      return true;
    }
    return false;
  };
}
