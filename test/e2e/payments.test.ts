import type { Browser } from 'playwright-core';
import { BASE, describeE2E, launch, newPage, registeredLearner, signIn } from './helpers';

// A free learner uses up the month's courses, pays for premium on the local checkout
// ("Pago de prueba", which sends a signed webhook), sees the crown, and can create courses again.

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function tokenOf(learner: { email: string; password: string }) {
  const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: learner.email, password: learner.password }) });
  return (await res.json()).tokens.accessToken as string;
}

const newCourse = (token: string, n: number) => api('POST', '/courses/plan', token, { topic: `Historia del arte ${n}`, level: 'principiante' });

describeE2E('upgrading to premium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a free learner who hit the course quota pay, see the crown and create courses again', async () => {
    const learner = await registeredLearner();
    const token = await tokenOf(learner);
    for (const n of [1, 2, 3]) expect((await newCourse(token, n)).status).toBe(200);
    const refused = await newCourse(token, 4);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/plan gratuito/);

    const { page, context } = await newPage(browser);
    await signIn(page, learner);
    await page.goto(`${BASE}/changeplan`);
    await page.getByText('3 de 3').waitFor();
    const crown = page.locator('header').getByText('Premium', { exact: true });
    expect(await crown.count()).toBe(0);
    // The period switch: the learner clicks the visible labels of two radio buttons.
    await page.locator('label', { hasText: 'Anual' }).click();
    expect(await page.getByRole('radio', { name: /Anual/ }).isChecked()).toBe(true);
    await page.getByText(/al año · 8,25/).waitFor();
    await page.locator('label', { hasText: 'Mensual' }).click();
    await page.getByRole('button', { name: 'Mejorar a Premium' }).click();

    await page.getByRole('heading', { name: 'Pago de prueba' }).waitFor();
    await page.getByRole('button', { name: /^Pagar 9,99\s€$/ }).click();

    await page.waitForURL('**/payments/success?session_id=*');
    await page.getByRole('heading', { name: '¡Ya eres Premium!' }).waitFor({ timeout: 30_000 });
    await crown.waitFor();

    expect((await newCourse(token, 4)).status).toBe(200);

    await page.goto(`${BASE}/payments/history`);
    await page.getByRole('cell', { name: 'Pagada' }).waitFor();
    await page.getByRole('cell', { name: /^9,99\s€$/ }).waitFor();
    await context.close();
  });

  it('leaves the plan alone when the learner cancels on the checkout page', async () => {
    const learner = await registeredLearner();
    const { page, context } = await newPage(browser, 390, 844);
    await signIn(page, learner);
    await page.goto(`${BASE}/payments/upgrade`);
    await page.getByRole('button', { name: 'Mejorar a Premium' }).click();
    await page.getByRole('button', { name: 'Cancelar y volver a Mentora' }).click();
    await page.getByRole('heading', { name: 'Pago cancelado' }).waitFor();
    expect((await api('GET', '/users/me', await tokenOf(learner))).body.data.plan.nombre).toBe('gratuito');
    await context.close();
  });

  it('cancels through the customer portal and then shows the date premium ends', async () => {
    const learner = await registeredLearner();
    const token = await tokenOf(learner);
    // Paying is the journey above; here it is done over HTTP, on the same local checkout page.
    const up = await api('POST', '/users/upgrade-premium', token, { period: 'mensual' });
    const paid = await fetch(`${up.body.url}/complete`, { method: 'POST', body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }), redirect: 'manual' });
    expect(paid.status).toBe(303);

    const { page, context } = await newPage(browser);
    await signIn(page, learner);
    await page.goto(`${BASE}/changeplan`);
    await page.getByText(/· Se renueva el \d+ de \p{L}+ de \d{4}/u).waitFor();
    await page.getByRole('button', { name: 'Gestionar suscripción' }).click();

    await page.getByRole('heading', { name: 'Gestionar suscripción' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar al final del periodo' }).click();
    await page.getByRole('button', { name: 'Reanudar suscripción' }).waitFor();
    await page.getByRole('link', { name: 'Volver a Mentora' }).click();

    await page.waitForURL('**/changeplan');
    const { renuevaEl } = (await api('GET', '/payments/plan', token)).body.data.suscripcion;
    const end = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(renuevaEl));
    await page.getByText(`Tu plan premium termina el ${end}`).waitFor();
    // Still premium until then: the crown stays.
    await page.locator('header').getByText('Premium', { exact: true }).waitFor();
    await context.close();
  });
});
