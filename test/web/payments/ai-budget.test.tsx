import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../../web/src/app/app';
import { resetStartupForTests } from '../../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from '../fake-api';
import { aPlanSummary, PLAN_ALLOWANCES } from '../courses/fixtures';

// /changeplan shows the month's AI budget as the learner understands it: a share used and what the
// rest is worth in courses and tutor messages, never dollars; spent, it says when it renews.

const ok = (data: unknown) => [200, { success: true, data }] as [number, unknown];
const summary = (ia: object | undefined) => ({
  plan: 'gratuito',
  planes: [
    { nombre: 'gratuito', cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false, porDia: PLAN_ALLOWANCES.gratuito, precios: [] },
    { nombre: 'premium', cursosPorMes: 30, mensajesTutorPorDia: 200, diplomado: true, porDia: PLAN_ALLOWANCES.premium, precios: [] },
  ],
  uso: { cursos: { usados: 1, limite: 3, periodo: '2026-11' }, mensajesTutor: { usados: 4, limite: 20, periodo: '2026-11-22' }, diplomado: false, porDia: aPlanSummary().uso.porDia, ...(ia && { ia }) },
  suscripcion: null,
});
const showPlanWith = (ia: object | undefined) => {
  fakeApi({ 'GET /users/me': () => ok(aUser), 'GET /payments/plan': () => ok(summary(ia)) });
  render(<MemoryRouter initialEntries={['/changeplan']}><AppShell /></MemoryRouter>);
};

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  saveTokens(someTokens());
  useAuthStore.setState({ user: aUser, isAuthenticated: true, isLoading: false, error: null, sessionId: null });
});

describe('the AI budget on /changeplan', () => {
  it('shows the share used and what is left in courses and tutor messages', async () => {
    showPlanWith({ porcentajeUsado: 40, cursosAprox: 2, mensajesTutorAprox: 16, renuevaEl: '2026-12-01T00:00:00.000Z' });
    const bar = await screen.findByRole('progressbar', { name: 'Uso de IA este mes' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 %')).toBeInTheDocument();
    // In the plan's units (courses a month, messages a day) and no second date beside the plan's (issue 34).
    expect(screen.getByText('Te queda para ~2 cursos este mes y ~16 mensajes al tutor hoy.')).toBeInTheDocument();
    expect(screen.queryByText(/Se renueva/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\$|USD/)).not.toBeInTheDocument();
  });

  it('says when it renews once the month is spent', async () => {
    showPlanWith({ porcentajeUsado: 100, cursosAprox: 0, mensajesTutorAprox: 0, renuevaEl: '2027-01-01T00:00:00.000Z' });
    expect(await screen.findByText('Has usado el presupuesto de IA de este mes. Se renueva el 1 de enero.')).toBeInTheDocument();
  });

  it('shows nothing of it when the server sends no budget', async () => {
    showPlanWith(undefined);
    expect(await screen.findByRole('heading', { name: 'Premium' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uso de IA este mes' })).not.toBeInTheDocument();
  });
});
