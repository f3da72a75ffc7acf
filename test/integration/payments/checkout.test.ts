import { call, signUp } from '../support/api';
import { customerOf, payOnCheckout, planOf, stripeHasSubscription, stripeUrl, upgradeAndPay } from './support';

describe('upgrading through Stripe Checkout', () => {
  it('answers a Checkout URL and changes nothing until Stripe confirms the payment', async () => {
    const { tokens } = await signUp('Checkout');
    const up = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'anual' } });
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/\/checkout\/cs_test_/);
    expect(await planOf(tokens.accessToken)).toBe('gratuito');
    const paid = await payOnCheckout(up.body.url);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/\/payments\/success\?session_id=cs_test_/);
    expect(await planOf(tokens.accessToken)).toBe('premium');
    const plan = (await call('GET', '/payments/plan', { token: tokens.accessToken })).body.data;
    expect(plan).toMatchObject({ plan: 'premium', suscripcion: { estado: 'active', periodo: 'anual', cancelaAlFinal: false } });
    expect(plan.uso.cursos.limite).toBe(30);
  });

  it('keeps the learner on gratuito when the card is declined', async () => {
    const { tokens } = await signUp('Rechazada');
    const up = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    const declined = await payOnCheckout(up.body.url, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Tu tarjeta ha sido rechazada');
    expect(await planOf(tokens.accessToken)).toBe('gratuito');
  });

  it('refuses a period other than mensual or anual', async () => {
    const { tokens } = await signUp();
    const res = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'semanal' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El periodo debe ser mensual o anual');
  });

  it('does not sell premium twice', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    const again = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya tienes el plan premium.');
  });

  it('shows the payment in the history with amount, currency, state and a link', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    const history = await call('GET', '/payments/history', { token: tokens.accessToken });
    expect(history.body.data).toEqual([
      { id: expect.stringMatching(/^in_/), fecha: expect.any(String), concepto: '1 × Mentora Premium mensual', importe: 999, moneda: 'eur', estado: 'pagada', enlace: expect.stringMatching(/^http/) },
    ]);
  });

  it('sends Stripe an idempotency key derived from what each create is for', async () => {
    const { tokens, user } = await signUp();
    await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'anual' } });
    const keys: string[] = await (await fetch(`${stripeUrl()}/__local/idempotency-keys`)).json();
    expect(keys).toContain(`POST /v1/customers mentora:customer:${user.id}`);
    expect(keys).toContain(`POST /v1/checkout/sessions mentora:checkout:${user.id}:subscription:price_local_premium_anual:after:none`);
  });

  it('hands a double click the same Checkout, never two that could both be paid', async () => {
    const { tokens, email } = await signUp();
    const both = await Promise.all([1, 2].map(() => call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0].body.url).toBe(both[1].body.url);
    const later = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    expect(later.body.url).toBe(both[0].body.url);
    const customers = await (await fetch(`${stripeUrl()}/__local/customers?email=${encodeURIComponent(email)}`)).json();
    expect(customers).toHaveLength(1);
  });

  it('opens a new Checkout after the learner cancelled the last one', async () => {
    const { tokens } = await signUp();
    const first = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    await fetch(`${first.body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    const second = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    expect(second.body.url).not.toBe(first.body.url);
    expect((await payOnCheckout(second.body.url)).status).toBe(303);
  });

  it('refuses a second Checkout while a subscription awaits its payment, before any event arrived', async () => {
    const { tokens, email } = await signUp();
    await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'mensual' } });
    await stripeHasSubscription(`sub_pending_${Date.now().toString(36)}`, (await customerOf(email)).id, 'incomplete');
    const again = await call('POST', '/users/upgrade-premium', { token: tokens.accessToken, body: { period: 'anual' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya tienes una suscripción activa o con un pago en curso. Puedes gestionarla desde «Gestionar suscripción».');
  });
});
