import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Services } from 'cognito-local/lib/services';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { linkableUser } from '../../lambdas/auth/link-rule';

/**
 * Google and Microsoft, as far as this machine can play them: the local Hosted UI asks for the
 * provider account's email and name (no real provider is reachable), then does what Cognito does
 * after a federated sign-in, including what lambdas/auth/pre-sign-up.ts adds on AWS: an email that
 * belongs to a registered learner who confirmed it signs in as that learner (the link, by the same
 * rule: lambdas/auth/link-rule.ts); any other email, an unconfirmed account's included, gets its
 * own `Google_…` user on its first sign-in and the same one afterwards.
 */

export const SIMULATED_PROVIDERS = new Set(['Google', 'Microsoft']);

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function providerPage(provider: string, query: URLSearchParams): string {
  const hidden = [...query.entries()].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(provider)} simulado · Mentora local</title><style>body{font-family:system-ui,sans-serif;max-width:420px;margin:3rem auto;padding:0 1rem;color:#1e1b4b}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;padding:.6rem;margin-top:.3rem;border:1px solid #94a3b8;border-radius:.5rem;box-sizing:border-box}
button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:.5rem;background:#4f46e5;color:#fff;font-weight:600}</style></head>
<body><h1>Continuar con ${escape(provider)}</h1><p>Entorno local: ${escape(provider)} no está disponible, así que esta página hace de su cuenta.</p>
<form method="POST" action="/oauth2/authorize">${hidden}
<label for="provider_email">Correo de ${escape(provider)}</label><input id="provider_email" name="provider_email" type="email" required autocomplete="email">
<label for="provider_name">Nombre</label><input id="provider_name" name="provider_name" autocomplete="name">
<button type="submit">Continuar</button></form></body></html>`;
}

/** The pool user a provider sign-in with this email ends as: the registered learner, or its own federated user. */
export async function federatedUser(services: Services, logger: unknown, input: { clientId: string; provider: string; email: string; name: string }): Promise<User> {
  const ctx = { logger: logger as never };
  const pool = await services.cognito.getUserPoolForClientId(ctx, input.clientId);
  const email = input.email.trim().toLowerCase();
  const username = `${input.provider}_${createHash('sha256').update(email).digest('hex').slice(0, 21)}`;
  // Cognito runs the pre-sign-up trigger on a provider identity's first sign-in only: once it has its own user, that stays.
  const known = await pool.getUserByUsername(ctx, username);
  if (known) return known;
  const existing = await pool.getUserByUsername(ctx, email);
  // The pre-sign-up trigger's link: a verified provider email of a confirmed learner is that learner.
  if (existing && linkableUser(existing)) return existing;
  const now = new Date();
  const user: User = {
    Username: username,
    // Never typed by anyone: it only lets cognito-local's form issue the code for this user.
    Password: randomBytes(24).toString('base64url'),
    Attributes: [
      { Name: 'sub', Value: randomUUID() },
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: input.name.trim() || email.split('@')[0] },
    ],
    Enabled: true,
    UserStatus: 'EXTERNAL_PROVIDER',
    UserCreateDate: now,
    UserLastModifiedDate: now,
    RefreshTokens: [],
  };
  await pool.saveUser(ctx, user);
  return user;
}
