import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';

// Issue 20, item 4: POST /auth/resend-code and POST /auth/forgot-password tell a stranger nothing
// about an address. A known unconfirmed account, an unknown address and a confirmed account get the
// same status and the same body; only the owner's mailbox differs.

async function addresses() {
  const pending = uniqueEmail('pendiente');
  await call('POST', '/auth/register', { body: { email: pending, password: PASSWORD, nombre: 'Pendiente' } });
  const confirmed = (await signUp('Confirmada')).email;
  return { pending, unknown: uniqueEmail('nadie'), confirmed };
}

describe.each(['/auth/resend-code', '/auth/forgot-password'])('%s answers every address alike', (route) => {
  it('the same status and body for a pending, an unknown and a confirmed address', async () => {
    const { pending, unknown, confirmed } = await addresses();
    const answers = await Promise.all([pending, unknown, confirmed].map((email) => call('POST', route, { body: { email } })));
    expect(answers[0]).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailFor(unknown)).toEqual([]);
  });

  it('the same answers again once an account has used up its codes', async () => {
    const { pending, unknown, confirmed } = await addresses();
    for (let i = 0; i < 7; i++) {
      const answers = await Promise.all([pending, unknown, confirmed].map((email) => call('POST', route, { body: { email } })));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0].status).toBe(200);
    }
  });
});
