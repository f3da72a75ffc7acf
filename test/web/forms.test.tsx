import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { resetStartupForTests } from '../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../web/src/features/auth/store';
import { notify } from '../../web/src/lib/notify';
import { saveTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from './fake-api';

const renderAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><AppShell /></MemoryRouter>);

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
});

describe('login form', () => {
  it('validates before sending: a bad email and an empty password never reach the server', async () => {
    const server = fakeApi({});
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El correo electrónico no es válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('shows the server message once, beside the form, when the login fails (no toast repeating it)', async () => {
    fakeApi({ 'POST /auth/login': () => [401, { success: false, message: 'Correo o contraseña incorrectos.' }] });
    const toasts = jest.spyOn(notify, 'error');
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Mala1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
    expect(screen.getAllByText('Correo o contraseña incorrectos.')).toHaveLength(1);
    expect(toasts).not.toHaveBeenCalled();
    toasts.mockRestore();
  });

  it('toasts at the top right, 356 px wide with a 14 px gap (SPEC §2)', async () => {
    renderAt('/login');
    await screen.findByLabelText('Correo electrónico');
    act(() => void notify.error('No pudimos enviar el código.'));
    const toaster = await waitFor(() => {
      const el = document.querySelector('[data-sonner-toaster]') as HTMLElement;
      expect(el).not.toBeNull();
      return el;
    });
    expect(toaster).toHaveAttribute('data-x-position', 'right');
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    expect(toaster.style.getPropertyValue('--width')).toBe('356px');
    expect(toaster.style.getPropertyValue('--gap')).toBe('14px');
    expect(await within(toaster).findByText('No pudimos enviar el código.')).toBeInTheDocument();
  });

  it('signs in and lands on /dashboard', async () => {
    fakeApi({
      'POST /auth/login': () => [200, { success: true, user: aUser, message: 'ok', tokens: someTokens() }],
      'GET /users/me': () => [200, { success: true, data: aUser }],
    });
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Buena1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('heading', { name: /Hola, Ana/ })).toBeInTheDocument();
  });
});

describe('register then confirm', () => {
  it('enforces the pool password policy, then asks for a 6-digit code, then signs in', async () => {
    const server = fakeApi({
      'POST /auth/register': () => [201, { success: true, user: { id: 'u-1', email: aUser.email, nombre: aUser.nombre }, sessionid: 's-1', message: 'ok' }],
      'POST /auth/confirm': () => [200, { success: true, user: aUser, tokens: someTokens(), message: 'ok' }],
      'GET /users/me': () => [200, { success: true, data: aUser }],
    });
    renderAt('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    const code = await screen.findByLabelText('Código de confirmación');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByText('El código debe tener 6 dígitos')).toBeInTheDocument();
    expect(server.count('POST /auth/confirm')).toBe(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar código' }));
    expect(await screen.findByRole('heading', { name: /Hola, Ana/ })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/auth/confirm')!.body).toEqual({ username: 'u-1', code: '123456', email: 'ana@example.com', sessionId: 's-1' });
  });
});

describe('profile', () => {
  it('edits nombre, intereses and bio and shows the saved values', async () => {
    saveTokens(someTokens());
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
    const saved = { ...aUser, nombre: 'Ana María', intereses: ['música', 'historia'], bio: 'Hola' };
    const server = fakeApi({
      'GET /users/me': () => [200, { success: true, data: aUser }],
      'PUT /users/profile': () => [200, { success: true, data: saved, message: 'Perfil actualizado' }],
    });
    renderAt('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Ana María');
    await user.clear(screen.getByLabelText('Intereses'));
    await user.type(screen.getByLabelText('Intereses'), 'música, historia');
    await user.type(screen.getByLabelText('Biografía'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('música')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ nombre: 'Ana María', intereses: ['música', 'historia'], bio: 'Hola' });
    expect(useAuthStore.getState().user).toEqual(saved);
  });
});
