import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../../web/src/app/app';
import { resetStartupForTests } from '../../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { browser } from '../../../web/src/features/payments/api';
import { CONFIRM_POLL_MS, CONFIRM_TIMEOUT_MS } from '../../../web/src/features/payments/success-page';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from '../fake-api';
import { aPlanSummary, PLAN_ALLOWANCES } from '../courses/fixtures';

const renderAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><AppShell /></MemoryRouter>);
const ok = (data: unknown, extra: object = {}) => [200, { success: true, data, ...extra }] as [number, unknown];
const me = { 'GET /users/me': () => ok(aUser) };

const planSummary = (over: object = {}) => ({
  plan: 'gratuito',
  planes: [
    { nombre: 'gratuito', cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false, porDia: PLAN_ALLOWANCES.gratuito, precios: [] },
    { nombre: 'premium', cursosPorMes: 30, mensajesTutorPorDia: 200, diplomado: true, porDia: PLAN_ALLOWANCES.premium, precios: [{ periodo: 'mensual', importe: 999, moneda: 'eur' }, { periodo: 'anual', importe: 9900, moneda: 'eur' }] },
  ],
  uso: { cursos: { usados: 3, limite: 3, periodo: '2026-11' }, mensajesTutor: { usados: 4, limite: 20, periodo: '2026-11-22' }, diplomado: false, porDia: aPlanSummary().uso.porDia },
  suscripcion: null,
  ...over,
});
const card = (id: string, marca: string, ultimos4: string, predeterminada: boolean) => ({ id, marca, ultimos4, caducidad: { mes: 8, anio: 2031 }, predeterminada });
// Intl writes a no-break space before the euro sign.
const euros = (text: string) => new RegExp(text.replace(' ', '\\s'));

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  saveTokens(someTokens());
  useAuthStore.setState({ user: aUser, isAuthenticated: true, isLoading: false, error: null, sessionId: null });
});

describe('/changeplan', () => {
  it('shows both plans side by side with the learner\'s usage and the premium price per period', async () => {
    fakeApi({ ...me, 'GET /payments/plan': () => ok(planSummary()) });
    renderAt('/changeplan');
    expect(await screen.findByRole('heading', { name: 'Premium' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gratuito' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Cursos nuevos este mes' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('3 de 3')).toBeInTheDocument();
    expect(screen.getByText('30 cursos nuevos al mes')).toBeInTheDocument();
    expect(screen.getByText('Sin diplomados')).toBeInTheDocument();
    expect(screen.getByText(euros('9,99 €'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Anual/ }));
    expect(screen.getByText(euros('99,00 €'))).toBeInTheDocument();
    expect(screen.getByText(euros('al año · 8,25 €'))).toBeInTheDocument();
  });

  it('opens Stripe Checkout for the chosen period', async () => {
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    const server = fakeApi({ ...me, 'GET /payments/plan': () => ok(planSummary()), 'POST /users/upgrade-premium': () => [200, { success: true, url: 'https://checkout.stripe.com/c/pay/cs_1' }] });
    renderAt('/payments/upgrade');
    await userEvent.click(await screen.findByRole('radio', { name: /Anual/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Mejorar a Premium' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    expect(server.calls.find((c) => c.path === '/users/upgrade-premium')!.body).toEqual({ period: 'anual' });
  });

  it('tells a premium learner when the subscription renews and offers no second purchase', async () => {
    fakeApi({ ...me, 'GET /payments/plan': () => ok(planSummary({ plan: 'premium', suscripcion: { estado: 'active', periodo: 'mensual', renuevaEl: '2026-12-22T10:00:00.000Z', cancelaAlFinal: false, pagoFallido: false } })) });
    renderAt('/changeplan');
    expect(await screen.findByText(/Se renueva el 22 de diciembre de 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mejorar a Premium' })).not.toBeInTheDocument();
  });
});

describe('/changeplan: managing the subscription', () => {
  const premium = (over: object = {}) => planSummary({ plan: 'premium', suscripcion: { estado: 'active', periodo: 'mensual', renuevaEl: '2026-12-22T10:00:00.000Z', cancelaAlFinal: false, pagoFallido: false, ...over } });

  it('opens Stripe\'s customer portal from "Gestionar suscripción"', async () => {
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    fakeApi({ ...me, 'GET /payments/plan': () => ok(premium()), 'POST /payments/portal': () => [200, { success: true, url: 'https://billing.stripe.com/p/session/bps_1' }] });
    renderAt('/changeplan');
    await userEvent.click(await screen.findByRole('button', { name: 'Gestionar suscripción' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));
  });

  it('says when premium ends after a cancellation at the end of the period', async () => {
    fakeApi({ ...me, 'GET /payments/plan': () => ok(premium({ cancelaAlFinal: true })) });
    renderAt('/changeplan');
    expect(await screen.findByText(/Tu plan premium termina el 22 de diciembre de 2026/)).toBeInTheDocument();
    expect(screen.queryByText(/Se renueva el/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gestionar suscripción' })).toBeInTheDocument();
  });

  it('offers no portal to a learner without a subscription', async () => {
    fakeApi({ ...me, 'GET /payments/plan': () => ok(planSummary()) });
    renderAt('/changeplan');
    await screen.findByRole('heading', { name: 'Premium' });
    expect(screen.queryByRole('button', { name: 'Gestionar suscripción' })).not.toBeInTheDocument();
  });
});

describe('/payments/success', () => {
  it('waits for the verified plan, then celebrates and shows the crown in the header', async () => {
    let polls = 0;
    fakeApi({ 'GET /users/me': () => ok({ ...aUser, plan: { nombre: ++polls >= 2 ? 'premium' : 'gratuito' } }) });
    renderAt('/payments/success?session_id=cs_1');
    expect(await screen.findByRole('heading', { name: 'Confirmando tu pago…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '¡Ya eres Premium!' }, { timeout: 4000 })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Premium')).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('stops asking once the bound has passed and says the payment is being processed; "Comprobar de nuevo" asks again', async () => {
    jest.useFakeTimers();
    try {
      let premium = false;
      const server = fakeApi({ 'GET /users/me': () => ok({ ...aUser, plan: { nombre: premium ? 'premium' : 'gratuito' } }) });
      renderAt('/payments/success?session_id=cs_1');
      expect(await screen.findByRole('heading', { name: 'Confirmando tu pago…' })).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS + 2 * CONFIRM_POLL_MS));
      expect(screen.getByRole('heading', { name: 'Tu pago se está procesando' })).toBeInTheDocument();
      const asked = server.count('GET /users/me');
      await act(() => jest.advanceTimersByTimeAsync(10 * CONFIRM_POLL_MS));
      expect(server.count('GET /users/me')).toBe(asked);

      premium = true;
      fireEvent.click(screen.getByRole('button', { name: 'Comprobar de nuevo' }));
      expect(await screen.findByRole('heading', { name: '¡Ya eres Premium!' })).toBeInTheDocument();
      expect(server.count('GET /users/me')).toBe(asked + 1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/payments/history', () => {
  it('lists invoices with Spanish dates, euro amounts, state and a link', async () => {
    fakeApi({ ...me, 'GET /payments/history': () => ok([{ id: 'in_1', fecha: '2026-11-22T10:00:00.000Z', concepto: '1 × Mentora Premium mensual', importe: 999, moneda: 'eur', estado: 'pagada', enlace: 'https://invoice.stripe.com/i/1' }]) });
    renderAt('/payments/history');
    const row = (await screen.findByText('1 × Mentora Premium mensual')).closest('tr')!;
    expect(within(row).getByText('22 de noviembre de 2026')).toBeInTheDocument();
    expect(within(row).getByText(euros('9,99 €'))).toBeInTheDocument();
    expect(within(row).getByText('Pagada')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Ver factura/ })).toHaveAttribute('href', 'https://invoice.stripe.com/i/1');
  });

  it('says so when there are no payments yet', async () => {
    fakeApi({ ...me, 'GET /payments/history': () => ok([]) });
    renderAt('/payments/history');
    expect(await screen.findByText('Aún no tienes pagos')).toBeInTheDocument();
  });
});

describe('/payments/methods', () => {
  it('shows brand, last four digits, expiry and the default card; sets another as default', async () => {
    const server = fakeApi({
      ...me,
      'GET /payments/methods': () => ok([card('pm_a', 'visa', '4242', true), card('pm_b', 'mastercard', '4444', false)]),
      'PUT /payments/methods/pm_b/default': () => ok([card('pm_a', 'visa', '4242', false), card('pm_b', 'mastercard', '4444', true)], { message: 'Método de pago predeterminado actualizado' }),
    });
    renderAt('/payments/methods');
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getAllByText('Caduca 08/2031')).toHaveLength(2);
    expect(screen.getAllByText('Predeterminada')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Usar Mastercard terminada en 4444 como predeterminada' }));
    await waitFor(() => expect(screen.getByText('Mastercard •••• 4444').parentElement).toHaveTextContent('Predeterminada'));
    expect(server.count('PUT /payments/methods/pm_b/default')).toBe(1);
  });

  it('asks before removing a card', async () => {
    const server = fakeApi({ ...me, 'GET /payments/methods': () => ok([card('pm_a', 'visa', '4242', true)]), 'DELETE /payments/methods/pm_a': () => ok([], { message: 'Método de pago eliminado' }) });
    renderAt('/payments/methods');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa terminada en 4242' }));
    expect(server.count('DELETE /payments/methods/pm_a')).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar: eliminar Visa terminada en 4242' }));
    expect(await screen.findByText('No tienes tarjetas guardadas')).toBeInTheDocument();
  });
});

describe('/profile/billing', () => {
  it('checks the fields in Spanish before sending anything', async () => {
    const server = fakeApi({ ...me, 'GET /payments/billing': () => ok(null) });
    renderAt('/profile/billing');
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar datos' }));
    expect(screen.getByText('El nombre o razón social es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Ciudad')).toHaveAttribute('aria-invalid', 'true');
    expect(server.count('PUT /payments/billing')).toBe(0);
  });

  it('saves valid billing data', async () => {
    const saved = { nombre: 'Ana Pérez', identificacionFiscal: '12345678Z', direccion: 'Calle Mayor 1', ciudad: 'Madrid', codigoPostal: '28013', pais: 'ES' };
    const server = fakeApi({ ...me, 'GET /payments/billing': () => ok(null), 'PUT /payments/billing': () => ok(saved, { message: 'Datos de facturación guardados' }) });
    renderAt('/profile/billing');
    await userEvent.type(await screen.findByLabelText('Nombre o razón social'), 'Ana Pérez');
    await userEvent.type(screen.getByLabelText(/Identificación fiscal/), '12345678z');
    await userEvent.type(screen.getByLabelText('Dirección'), 'Calle Mayor 1');
    await userEvent.type(screen.getByLabelText('Ciudad'), 'Madrid');
    await userEvent.type(screen.getByLabelText('Código postal'), '28013');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    await waitFor(() => expect(server.count('PUT /payments/billing')).toBe(1));
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual(saved);
  });
});
