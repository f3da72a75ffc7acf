import { billingDetails, isSpanishTaxId } from '../../../lambdas/contract/payments';
import { removeMethod, setDefaultMethod } from '../../../lambdas/payments/account';
import { startUpgrade, type CheckoutDeps } from '../../../lambdas/payments/checkout';
import { planQuotas } from '../../../lambdas/plans/quotas';
import type { UsageStore } from '../../../lambdas/plans/usage-store';
import { fakeStripe, learner, memoryStore } from './fakes';

const config = { siteUrl: 'https://app.mentora.es/', priceIds: { mensual: 'price_m', anual: 'price_y' } };

describe('upgrading', () => {
  it('creates the Stripe customer once and returns to the site\'s success and cancel pages', async () => {
    const { store, byUser } = memoryStore([learner()]);
    const stripe = fakeStripe();
    const deps: CheckoutDeps = { store, stripe, config };
    await startUpgrade(deps, 'u1', 'anual');
    await startUpgrade(deps, 'u1', 'anual');
    expect(stripe.createCustomer).toHaveBeenCalledTimes(1);
    expect(byUser.get('u1')!.stripeCustomerId).toBe('cus_new');
    expect(stripe.subscriptionCheckout).toHaveBeenCalledWith({
      customerId: 'cus_new', userId: 'u1', priceId: 'price_y',
      successUrl: 'https://app.mentora.es/payments/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'https://app.mentora.es/payments/cancel',
    });
    // Opening Checkout changes nothing about the plan.
    expect(byUser.get('u1')!.plan).toBe('gratuito');
  });

  it('replaces a customer that no longer exists in Stripe', async () => {
    const { store } = memoryStore([learner({ stripeCustomerId: 'cus_gone' })]);
    const stripe = fakeStripe({ customerExists: jest.fn(async () => false) });
    await startUpgrade({ store, stripe, config }, 'u1', 'mensual');
    expect(stripe.createCustomer).toHaveBeenCalled();
  });
});

describe('payment methods', () => {
  const card = (id: string, predeterminada = false) => ({ id, marca: 'visa', ultimos4: '4242', caducidad: { mes: 1, anio: 2030 }, predeterminada });

  it('never acts on a card that is not among the caller\'s own', async () => {
    const { store } = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    const stripe = fakeStripe({ cards: jest.fn(async () => [card('pm_mine', true)]) });
    await expect(setDefaultMethod({ store, stripe, config }, 'u1', 'pm_someone_else')).rejects.toMatchObject({ status: 404 });
    await expect(removeMethod({ store, stripe, config }, 'u1', 'pm_someone_else')).rejects.toMatchObject({ status: 404 });
    expect(stripe.setDefaultPaymentMethod).not.toHaveBeenCalled();
    expect(stripe.detachPaymentMethod).not.toHaveBeenCalled();
  });

  it('makes another card the default when the default one is removed', async () => {
    const { store } = memoryStore([learner({ stripeCustomerId: 'cus_1' })]);
    const cards = jest.fn().mockResolvedValueOnce([card('pm_a', true), card('pm_b')]).mockResolvedValueOnce([card('pm_b')]).mockResolvedValue([card('pm_b', true)]);
    const stripe = fakeStripe({ cards });
    await expect(removeMethod({ store, stripe, config }, 'u1', 'pm_a')).resolves.toEqual([card('pm_b', true)]);
    expect(stripe.setDefaultPaymentMethod).toHaveBeenCalledWith('cus_1', 'pm_b');
  });
});

describe('billing data validation', () => {
  const valid = { nombre: 'Ana Pérez', identificacionFiscal: '12345678Z', direccion: 'Calle Mayor 1', ciudad: 'Madrid', codigoPostal: '28013', pais: 'ES' };

  it.each(['12345678Z', 'X1234567L', 'B12345674'])('accepts the Spanish tax id %s', (id) => expect(isSpanishTaxId(id)).toBe(true));
  it.each(['12345678A', 'X1234567A', '1234'])('refuses the Spanish tax id %s', (id) => expect(isSpanishTaxId(id)).toBe(false));

  it('normalises the tax id and accepts foreign postcodes outside Spain', () => {
    expect(billingDetails.parse({ ...valid, identificacionFiscal: '12345678-z' }).identificacionFiscal).toBe('12345678Z');
    expect(billingDetails.safeParse({ ...valid, pais: 'MX', identificacionFiscal: 'GODE561231GR8', codigoPostal: '06600' }).success).toBe(true);
  });

  it('says in Spanish what is wrong', () => {
    const r = billingDetails.safeParse({ ...valid, codigoPostal: '123' });
    expect(r.success || r.error.issues[0].message).toBe('El código postal debe tener 5 cifras (por ejemplo, 28013)');
  });
});

describe('plan quotas', () => {
  const store = (plan: 'gratuito' | 'premium', used: number): UsageStore => ({
    planOf: async () => plan,
    used: async () => used,
    take: async (_u, _c, _p, limit) => (used < limit ? used + 1 : undefined),
    release: async () => undefined,
  });

  it('answers 429 with the free plan\'s limit and how premium helps', async () => {
    await expect(planQuotas(store('gratuito', 3)).consumeCourse('u1')).rejects.toMatchObject({
      status: 429,
      message: 'Has creado los 3 cursos nuevos de este mes incluidos en el plan gratuito. Mejora a premium para crear hasta 30 cursos al mes.',
    });
  });

  it('gives premium 30 courses and 200 tutor messages', async () => {
    await expect(planQuotas(store('premium', 29)).consumeCourse('u1')).resolves.toMatchObject({ plan: 'premium', usados: 30, limite: 30 });
    await expect(planQuotas(store('premium', 199)).consumeTutorMessage('u1')).resolves.toMatchObject({ plan: 'premium', usados: 200, limite: 200 });
    await expect(planQuotas(store('premium', 200)).consumeTutorMessage('u1')).rejects.toMatchObject({ status: 429 });
  });

  it('answers 402 for the diplomado on the free plan', async () => {
    await expect(planQuotas(store('gratuito', 0)).assertDiplomado('u1')).rejects.toMatchObject({ status: 402 });
  });

  it('counts months and days in UTC', async () => {
    const usage = await planQuotas(store('gratuito', 1), () => new Date('2026-01-31T23:30:00Z')).usage('u1');
    expect(usage.cursos.periodo).toBe('2026-01');
    expect(usage.mensajesTutor.periodo).toBe('2026-01-31');
  });
});
