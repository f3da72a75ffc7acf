import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { learnerWithCustomer, learnerWithTwoCards, payingLearner, signedSubscriptionEvent } from '../support/payments-fixtures';

// Payments against the local Stripe stand-in and Secrets Manager; the webhook checks the Stripe
// signature on the raw body, so its cases send `rawBody`.
const BILLING = { nombre: 'Academia Lucía SL', identificacionFiscal: 'B12345674', direccion: 'Calle Mayor 1, 2º B', ciudad: 'Madrid', codigoPostal: '28013', pais: 'ES' };
const BAD_SIGNATURE = 'La firma de Stripe no es válida.';

export const cases: GroupCases = {
  'POST /users/upgrade-premium': {
    badBody: { body: { period: 'semanal' }, message: 'El periodo debe ser mensual o anual' },
    success: [
      'answers the Checkout page where the learner pays',
      async () => {
        const { userId } = await learner();
        const res = await invoke('POST /users/upgrade-premium', { userId, body: { period: 'anual' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, url: expect.stringMatching(/^http/) } });
      },
    ],
  },
  'POST /payments/webhook': {
    badBody: { rawBody: JSON.stringify({ id: 'evt_unsigned', type: 'customer.subscription.updated' }), message: BAD_SIGNATURE },
    success: [
      'turns the learner premium on a signed subscription event',
      async () => {
        const { userId, customer } = await learnerWithCustomer();
        const { raw, signature } = await signedSubscriptionEvent(customer, 'active');
        const res = await invoke('POST /payments/webhook', { rawBody: raw, headers: { 'Stripe-Signature': signature } });
        expect(res).toMatchObject({ status: 200, body: { success: true, received: 'processed' } });
        expect((await invoke('GET /users/me', { userId })).body.data.plan.nombre).toBe('premium');
      },
    ],
  },
  'GET /payments/plan': {
    success: [
      "answers the learner's plan, the plans on offer and this month's use",
      async () => {
        const { userId } = await learner();
        const res = await invoke('GET /payments/plan', { userId });
        expect(res).toMatchObject({ status: 200, body: { data: { plan: 'gratuito', uso: { cursos: { usados: 0, limite: 3 }, diplomado: false } } } });
        expect(res.body.data.planes.map((p: { nombre: string }) => p.nombre)).toEqual(['gratuito', 'premium']);
      },
    ],
  },
  'GET /payments/history': {
    success: [
      'lists the paid invoice after a payment',
      async () => {
        const { userId } = await payingLearner();
        const res = await invoke('GET /payments/history', { userId });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([expect.objectContaining({ concepto: '1 × Mentora Premium mensual', importe: 999, moneda: 'eur', estado: 'pagada' })]);
      },
    ],
  },
  'GET /payments/methods': {
    success: [
      'lists the card the learner paid with as default',
      async () => {
        const { userId } = await payingLearner();
        const res = await invoke('GET /payments/methods', { userId });
        expect(res).toMatchObject({ status: 200, body: { data: [{ marca: 'visa', ultimos4: '4242', predeterminada: true }] } });
      },
    ],
  },
  'POST /payments/methods': {
    success: [
      'answers the Checkout page where the learner saves a card',
      async () => {
        const { userId } = await payingLearner();
        const res = await invoke('POST /payments/methods', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, url: expect.stringMatching(/^http/) } });
      },
    ],
  },
  'PUT /payments/methods/{id}/default': {
    success: [
      'makes another saved card the default',
      async () => {
        const { userId, master } = await learnerWithTwoCards();
        const res = await invoke('PUT /payments/methods/{id}/default', { userId, params: { id: master } });
        expect(res).toMatchObject({ status: 200, body: { message: 'Método de pago predeterminado actualizado' } });
        expect(res.body.data.find((c: { id: string }) => c.id === master).predeterminada).toBe(true);
      },
    ],
  },
  'DELETE /payments/methods/{id}': {
    success: [
      'removes a card that is not the only one',
      async () => {
        const { userId, visa, master } = await learnerWithTwoCards();
        await invoke('PUT /payments/methods/{id}/default', { userId, params: { id: master } });
        const res = await invoke('DELETE /payments/methods/{id}', { userId, params: { id: visa } });
        expect(res).toMatchObject({ status: 200, body: { message: 'Método de pago eliminado', data: [{ id: master, predeterminada: true }] } });
      },
    ],
  },
  'POST /payments/portal': {
    success: [
      "answers Stripe's customer portal for a learner with a subscription",
      async () => {
        const { userId } = await payingLearner();
        const res = await invoke('POST /payments/portal', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, url: expect.stringMatching(/^http.*\/portal\/bps_/) } });
      },
    ],
  },
  'GET /payments/billing': {
    success: [
      'answers no billing data for a learner who never gave any',
      async () => {
        const { userId } = await learner();
        const res = await invoke('GET /payments/billing', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: null } });
      },
    ],
  },
  'PUT /payments/billing': {
    badBody: { body: { ...BILLING, pais: 'XX' }, message: 'Elige un país de la lista' },
    success: [
      "saves the billing data on the learner's Stripe customer and reads it back",
      async () => {
        const { userId } = await learner();
        const res = await invoke('PUT /payments/billing', { userId, body: BILLING });
        expect(res).toEqual({ status: 200, headers: expect.any(Object), body: { success: true, message: 'Datos de facturación guardados', data: BILLING } });
        expect((await invoke('GET /payments/billing', { userId })).body.data).toEqual(BILLING);
      },
    ],
  },
};
