import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { AuthProvider, resetStartupForTests, useAuth } from '../../web/src/app/providers/auth-provider';
import { Header } from '../../web/src/app/layouts/header';
import { useAuthStore } from '../../web/src/features/auth/store';
import { saveTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from './fake-api';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
      <Where />
    </MemoryRouter>,
  );
}
const path = () => screen.getByTestId('path').textContent;

function signIn(user = aUser) {
  saveTokens(someTokens());
  useAuthStore.setState({ user, isAuthenticated: true });
  fakeApi({ 'GET /users/me': () => [200, { success: true, data: user }] });
}

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
  fakeApi({});
});

const PROTECTED: [string, string][] = [
  ['/dashboard', 'Mis cursos'],
  ['/course/abc123', 'Curso'],
  ['/profile', 'Perfil'],
  ['/social', 'Comunidad'],
  ['/changeplan', 'Planes y precios'],
  ['/generar', 'Crear un curso'],
  ['/payments/history', 'Historial de Pagos'],
  ['/payments/methods', 'Métodos de Pago'],
  ['/payments/upgrade', 'Planes y precios'],
  ['/payments/success', 'Pago completado'],
  ['/payments/cancel', 'Pago cancelado'],
  ['/profile/billing', 'Datos de Facturación'],
];
/** Screens owned by later issues replace the placeholders and their headings; the shell promises
 *  the route, the layout and a page heading. The profile is the shell's own screen. */
const REPLACEABLE = new Set(PROTECTED.map(([p]) => p).filter((p) => p !== '/profile'));

describe('routes and guards (SPEC §2)', () => {
  it.each(['/', '/login'])('%s shows the login page to visitors', async (p) => {
    renderAt(p);
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByText('¿Necesitas ayuda?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contáctanos' })).toBeInTheDocument();
  });

  it('/register shows the registration form', async () => {
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Crea tu cuenta' })).toBeInTheDocument();
  });

  it.each(PROTECTED.map(([p]) => p))('%s sends a visitor to /login', async (p) => {
    renderAt(p);
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(path()).toBe('/login');
  });

  it.each(['/', '/login', '/register'])('%s sends a signed-in learner to /dashboard', async (p) => {
    signIn();
    renderAt(p);
    await screen.findByRole('heading', { name: /Hola, Ana/ });
    expect(path()).toBe('/dashboard');
  });

  it.each(PROTECTED)('%s renders inside the common layout with its title', async (p, title) => {
    signIn();
    renderAt(p);
    if (REPLACEABLE.has(p)) expect((await screen.findAllByRole('heading', { level: 1 })).length).toBeGreaterThan(0);
    else expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByText(/© 2025 Mentora/)).toBeInTheDocument();
    expect(path()).toBe(p);
  });

  it('any other path goes to /', async () => {
    renderAt('/no/existe');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(path()).toBe('/');
  });

  it('a persisted "signed in" whose session is gone is logged out on start and sent to /login', async () => {
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/profile');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('the dashboard welcomes the learner and points to /generar', async () => {
    signIn();
    fakeApi({
      'GET /users/me': () => [200, { success: true, data: aUser }],
      'GET /courses/my-courses': () => [200, { success: true, data: [], cursos: [], courses: [] }],
    });
    renderAt('/dashboard');
    await screen.findByText('Aún no tienes cursos');
    expect(screen.getByRole('link', { name: 'Generar mi primer curso' })).toHaveAttribute('href', '/generar');
  });
});

describe('header (SPEC §2)', () => {
  it('signed out: Inicio and Precios, the Iniciar Sesión and Registrarse buttons, no Mis Cursos', () => {
    render(<MemoryRouter><AuthProvider><Header /></AuthProvider></MemoryRouter>);
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(within(nav).queryByRole('link', { name: 'Mis Cursos' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/register');
  });

  it('signed in on the free plan: Inicio, Mis Cursos, Precios, the nombre and no crown', async () => {
    signIn();
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: /Hola/ });
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(nav).toHaveTextContent('Inicio');
    expect(nav).toHaveTextContent('Mis Cursos');
    expect(within(nav).getByRole('link', { name: 'Precios' })).toHaveAttribute('href', '/changeplan');
    expect(screen.getByRole('link', { name: /Mentora, ir al inicio/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: /Ana Pérez/ })).toBeInTheDocument();
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
  });

  it('a premium learner sees the crown badge, and the menu has every entry', async () => {
    signIn({ ...aUser, plan: { nombre: 'premium' as 'gratuito' } });
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: /Hola/ });
    expect(screen.getByText('Premium')).toBeInTheDocument();
    screen.getByRole('button', { name: /Ana Pérez/ }).click();
    for (const [name, href] of [['Perfil', '/profile'], ['Historial de Pagos', '/payments/history'], ['Datos de Facturación', '/profile/billing'], ['Métodos de Pago', '/payments/methods']]) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByText('Pagos y Facturación')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeInTheDocument();
  });
});

describe('auth provider', () => {
  it('using the auth store outside its provider is a developer error in Spanish', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Naked = () => {
      useAuth();
      return null;
    };
    expect(() => render(<Naked />)).toThrow('useAuth debe usarse dentro de un AuthProvider');
  });
});
