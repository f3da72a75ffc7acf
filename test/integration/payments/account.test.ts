import { call, signUp } from '../support/api';
import { stripeUrl, upgradeAndPay } from './support';

const BILLING = { nombre: 'Academia Lucía SL', identificacionFiscal: 'B12345674', direccion: 'Calle Mayor 1, 2º B', ciudad: 'Madrid', codigoPostal: '28013', pais: 'ES' };

async function addCard(token: string, number = '5555555555554444') {
  const res = await call('POST', '/payments/methods', { token });
  expect(res.status).toBe(200);
  const done = await fetch(`${res.body.url}/complete`, { method: 'POST', body: new URLSearchParams({ number, expiry: '08/31', cvc: '123' }), redirect: 'manual' });
  expect(done.headers.get('location')).toMatch(/\/payments\/methods\?resultado=guardado$/);
}

describe('payment methods', () => {
  it('lists the learner\'s cards, the first one as default', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    const methods = await call('GET', '/payments/methods', { token: tokens.accessToken });
    expect(methods.body.data).toEqual([{ id: expect.stringMatching(/^pm_/), marca: 'visa', ultimos4: '4242', caducidad: { mes: 12, anio: 2034 }, predeterminada: true }]);
  });

  it('adds a card through Checkout in setup mode, sets it as default and removes the other', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    await addCard(tokens.accessToken);
    const cards = (await call('GET', '/payments/methods', { token: tokens.accessToken })).body.data;
    const master = cards.find((c: any) => c.marca === 'mastercard');
    expect(master).toMatchObject({ ultimos4: '4444', predeterminada: false });
    const def = await call('PUT', `/payments/methods/${master.id}/default`, { token: tokens.accessToken });
    expect(def.body.data.find((c: any) => c.id === master.id).predeterminada).toBe(true);
    const visa = cards.find((c: any) => c.marca === 'visa');
    const removed = await call('DELETE', `/payments/methods/${visa.id}`, { token: tokens.accessToken });
    expect(removed.body).toMatchObject({ success: true, message: 'Método de pago eliminado', data: [{ id: master.id, predeterminada: true }] });
  });

  it('keeps the only card of a renewing subscription', async () => {
    const { tokens } = await signUp();
    await upgradeAndPay(tokens.accessToken);
    const [card] = (await call('GET', '/payments/methods', { token: tokens.accessToken })).body.data;
    const res = await call('DELETE', `/payments/methods/${card.id}`, { token: tokens.accessToken });
    expect(res.status).toBe(409);
  });

  it('shows empty lists to a learner who never paid, without creating anything', async () => {
    const { tokens, email } = await signUp();
    expect((await call('GET', '/payments/methods', { token: tokens.accessToken })).body.data).toEqual([]);
    expect((await call('GET', '/payments/history', { token: tokens.accessToken })).body.data).toEqual([]);
    expect((await call('GET', '/payments/billing', { token: tokens.accessToken })).body.data).toBeNull();
    expect(await (await fetch(`${stripeUrl()}/__local/customers?email=${encodeURIComponent(email)}`)).json()).toEqual([]);
  });
});

describe('one learner never sees or touches another learner\'s payments', () => {
  it('hides history, methods and billing data, and refuses to act on another learner\'s card', async () => {
    const ana = await signUp('Ana');
    const bruno = await signUp('Bruno');
    await upgradeAndPay(ana.tokens.accessToken);
    await call('PUT', '/payments/billing', { token: ana.tokens.accessToken, body: BILLING });
    const [anaCard] = (await call('GET', '/payments/methods', { token: ana.tokens.accessToken })).body.data;

    expect((await call('GET', '/payments/history', { token: bruno.tokens.accessToken })).body.data).toEqual([]);
    expect((await call('GET', '/payments/methods', { token: bruno.tokens.accessToken })).body.data).toEqual([]);
    expect((await call('GET', '/payments/billing', { token: bruno.tokens.accessToken })).body.data).toBeNull();

    const setDefault = await call('PUT', `/payments/methods/${anaCard.id}/default`, { token: bruno.tokens.accessToken });
    const remove = await call('DELETE', `/payments/methods/${anaCard.id}`, { token: bruno.tokens.accessToken });
    expect([setDefault.status, remove.status]).toEqual([404, 404]);
    expect(remove.body.message).toBe('No encontramos ese método de pago entre los tuyos.');
    expect((await call('GET', '/payments/methods', { token: ana.tokens.accessToken })).body.data).toEqual([anaCard]);
  });

  it('needs a session for every payments route except the webhook', async () => {
    for (const [method, path] of [['GET', '/payments/history'], ['GET', '/payments/methods'], ['GET', '/payments/billing'], ['GET', '/payments/plan'], ['POST', '/users/upgrade-premium']]) {
      expect((await call(method, path)).status).toBe(401);
    }
  });
});

describe('billing data', () => {
  it('is kept on the learner\'s Stripe customer and read back', async () => {
    const { tokens } = await signUp();
    const saved = await call('PUT', '/payments/billing', { token: tokens.accessToken, body: { ...BILLING, identificacionFiscal: 'b-1234567-4' } });
    expect(saved.body).toEqual({ success: true, message: 'Datos de facturación guardados', data: BILLING });
    expect((await call('GET', '/payments/billing', { token: tokens.accessToken })).body.data).toEqual(BILLING);
  });

  it.each([
    [{ identificacionFiscal: '12345678A' }, 'La identificación fiscal no es un NIF, NIE o CIF válido'],
    [{ codigoPostal: '99999' }, 'El código postal debe tener 5 cifras (por ejemplo, 28013)'],
    [{ pais: 'XX' }, 'Elige un país de la lista'],
    [{ nombre: ' ' }, 'El nombre o razón social es obligatorio'],
    [{ nombre: 'A' }, 'El nombre o razón social debe tener al menos 2 caracteres'],
    [{ ciudad: undefined }, 'La ciudad es obligatoria'],
  ])('refuses %j with a Spanish message', async (change, message) => {
    const { tokens } = await signUp();
    const res = await call('PUT', '/payments/billing', { token: tokens.accessToken, body: { ...BILLING, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('refuses fields it does not know', async () => {
    const { tokens } = await signUp();
    const res = await call('PUT', '/payments/billing', { token: tokens.accessToken, body: { ...BILLING, plan: 'premium' } });
    expect(res.status).toBe(400);
  });
});
