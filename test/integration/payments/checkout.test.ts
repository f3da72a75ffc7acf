import { call, signUp } from '../support/api';
import { payOnCheckout, planOf, upgradeAndPay } from './support';

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
});
