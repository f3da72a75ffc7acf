import { call, signUp } from '../support/api';
import { planOf, stripeUrl, subscriptionsOf, upgradeAndPay } from './support';

// Subscription control through Stripe's customer portal (the stand-in's, locally): what the learner
// does there comes back as signed webhooks, and the plan follows them.

async function openPortal(token: string) {
  const res = await call('POST', '/payments/portal', { token });
  expect(res.status).toBe(200);
  return res.body.url as string;
}
const act = (portal: string, action: string, form: Record<string, string> = {}) =>
  fetch(`${portal}/${action}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
const plan = async (token: string) => (await call('GET', '/payments/plan', { token })).body.data;

describe('the customer portal', () => {
  it('cancels at the end of the period (still premium, with the end date) and resumes', async () => {
    const { tokens } = await signUp('Portal');
    await upgradeAndPay(tokens.accessToken);
    const portal = await openPortal(tokens.accessToken);
    expect(await (await fetch(portal)).text()).toContain('Cancelar al final del periodo');
    expect((await act(portal, 'cancel')).status).toBe(303);
    const cancelled = await plan(tokens.accessToken);
    expect(cancelled).toMatchObject({ plan: 'premium', suscripcion: { estado: 'active', cancelaAlFinal: true, renuevaEl: expect.any(String) } });
    expect(new Date(cancelled.suscripcion.renuevaEl).getTime()).toBeGreaterThan(Date.now() + 27 * 86400_000);
    expect(await (await fetch(portal)).text()).toContain('Reanudar suscripción');
    await act(portal, 'resume');
    expect((await plan(tokens.accessToken)).suscripcion.cancelaAlFinal).toBe(false);
  });

  it('ends premium when the cancelled period is over', async () => {
    const { tokens, email } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    await act(await openPortal(tokens.accessToken), 'cancel');
    const [sub] = await subscriptionsOf(email);
    await fetch(`${stripeUrl()}/__local/subscriptions/${sub.id}/cancel`, { method: 'POST' });
    expect(await planOf(tokens.accessToken)).toBe('gratuito');
  });

  it('changes the card renewals are charged to', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    const portal = await openPortal(tokens.accessToken);
    expect((await act(portal, 'card', { number: '5555 5555 5555 4444', expiry: '09/33', cvc: '321' })).status).toBe(303);
    const cards = (await call('GET', '/payments/methods', { token: tokens.accessToken })).body.data;
    expect(cards.find((c: { predeterminada: boolean }) => c.predeterminada)).toMatchObject({ marca: 'mastercard', ultimos4: '4444' });
    expect(await planOf(tokens.accessToken)).toBe('premium');
  });

  it('has nothing to manage for a learner who never subscribed', async () => {
    const { tokens } = await signUp();
    const res = await call('POST', '/payments/portal', { token: tokens.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Aún no tienes una suscripción que gestionar. Elige un plan premium para empezar.');
  });
});
