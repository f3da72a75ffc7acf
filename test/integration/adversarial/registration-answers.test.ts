import { NOTICE_SUBJECT } from '../../../lambdas/auth/registration-notice';
import { baseUrl, call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

// Issue 31, item 6: POST /auth/register tells no one which addresses have an account. A new, a
// pending (registered, never confirmed) and a confirmed address get the same status, headers and
// body byte for byte, once the three values every new registration draws at random (the user id,
// the session id) and the address echoed back are masked; the owner of a taken address is mailed a
// notice instead, and their account stays as it was.

async function register(email: string, nombre = 'Intrusa') {
  const res = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Otra-Clave99', nombre }),
  });
  const text = await res.text();
  const body = JSON.parse(text) as { user: { id: string }; sessionid: string };
  const headers = [...res.headers].filter(([name]) => !['date', 'x-amzn-requestid', 'apigw-requestid', 'x-request-id', 'content-length'].includes(name));
  return { status: res.status, headers, text, body, email };
}

/** The answer with what is random for every new registration, and the address itself, masked. */
const masked = (a: Awaited<ReturnType<typeof register>>) =>
  JSON.stringify({ status: a.status, headers: a.headers, text: a.text.replace(a.body.user.id, '<id>').replace(a.body.sessionid, '<sesion>').split(a.email).join('<correo>') });

it('answers a new, a pending and a confirmed address alike, and mails the owners instead', async () => {
  const pending = uniqueEmail('pendiente');
  await call('POST', '/auth/register', { body: { email: pending, password: PASSWORD, nombre: 'Pendiente' } });
  const confirmed = await signUp('Confirmada');
  const fresh = uniqueEmail('nueva');

  const answers = [await register(fresh), await register(pending), await register(confirmed.email)];
  expect(answers[0].status).toBe(201);
  expect(masked(answers[1])).toBe(masked(answers[0]));
  expect(masked(answers[2])).toBe(masked(answers[0]));
  // Even the random values look alike: a v4 UUID and 43 base64url characters each time.
  for (const a of answers) {
    expect(a.body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.body.sessionid).toMatch(/^[\w-]{43}$/);
  }

  // The owners hear of it (the local mailbox, /__local/mail); the new address gets its code as before.
  expect((await mailFor(confirmed.email))[0]).toMatchObject({ subject: NOTICE_SUBJECT, code: expect.stringMatching(/^\d{6}$/) });
  expect((await mailFor(pending))[0]).toMatchObject({ subject: NOTICE_SUBJECT, code: expect.stringMatching(/^\d{6}$/) });
  expect((await mailFor(fresh))[0]).toMatchObject({ subject: 'Tu código de Mentora' });

  // The code step of a taken address reads like any wrong code, and changes nothing.
  const confirmWith = (a: (typeof answers)[number], code: string) =>
    call('POST', '/auth/confirm', { body: { username: a.body.user.id, code, email: a.email, sessionId: a.body.sessionid } });
  const wrong = [await confirmWith(answers[0], '000000'), await confirmWith(answers[2], '000000')];
  expect(wrong[1]).toEqual(wrong[0]);
  expect(wrong[0]).toEqual({ status: 400, body: { success: false, message: 'Error código inválido' } });
  expect((await call('POST', '/auth/login', { body: { email: confirmed.email, password: PASSWORD } })).status).toBe(200);
  expect((await call('POST', '/auth/login', { body: { email: confirmed.email, password: 'Otra-Clave99' } })).status).toBe(401);
  expect((await call('GET', '/users/me', { token: confirmed.tokens.accessToken })).body.data).toMatchObject({ nombre: 'Confirmada' });

  // Sign-up still works for the new address: its code signs it in straight away.
  const good = await confirmWith(answers[0], (await mailFor(fresh))[0].code);
  expect(good).toMatchObject({ status: 200, body: { success: true, user: { id: answers[0].body.user.id, email: fresh, nombre: 'Intrusa' }, tokens: { accessToken: expect.any(String) } } });
});
