import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { resetStartupForTests } from '../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../web/src/features/auth/store';
import { markHostedUiSession, readTokens, saveTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from './fake-api';

// Issue 14, items 1-3 on screen: /recuperar, the code step of /login with "Reenviar código", and
// "Cambiar contraseña" in /profile. The server is scripted; interceptors and forms run for real.

const renderAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><AppShell /></MemoryRouter>);

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null, signedOutByLearner: false });
});

describe('/recuperar', () => {
  it('is linked from /login as "¿Olvidaste tu contraseña?"', async () => {
    fakeApi({});
    renderAt('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
  });

  it('takes the email, then the code and a new password that follows the policy, and signs the learner in', async () => {
    const server = fakeApi({
      'POST /auth/forgot-password': () => [200, { success: true, message: 'Si existe una cuenta con ese correo, te enviamos un código para elegir una nueva contraseña.' }],
      'POST /auth/reset-password': () => [200, { success: true, user: aUser, tokens: someTokens('access-nuevo'), message: 'ok' }],
      'GET /users/me': () => [200, { success: true, data: aUser }],
    });
    renderAt('/recuperar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByRole('heading', { name: 'Elige una nueva contraseña' });
    expect(screen.getByText('Mínimo 8 caracteres, con mayúsculas, minúsculas y números.')).toBeInTheDocument();
    // The code was just sent: asking again waits for the cooldown.
    expect(screen.getByRole('button', { name: 'Reenviar código en 60 s' })).toBeDisabled();

    await user.type(screen.getByLabelText('Código'), '123456');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'solominusculas1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña debe incluir una letra mayúscula')).toBeInTheDocument();
    expect(server.count('POST /auth/reset-password')).toBe(0);

    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva-Clave1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('heading', { name: /Hola, Ana/ })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({ email: 'ana@example.com', code: '123456', password: 'Nueva-Clave1' });
    expect(readTokens().accessToken).toBe('access-nuevo');
  });

  it('shows the server\'s Spanish answer to a wrong code and stays on the form', async () => {
    fakeApi({
      'POST /auth/forgot-password': () => [200, { success: true, message: 'Enviado' }],
      'POST /auth/reset-password': () => [400, { success: false, message: 'Error código inválido' }],
    });
    renderAt('/recuperar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código'), '000000');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva-Clave1');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error código inválido');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('the code step of /login', () => {
  it('opens for an unconfirmed account, resends a code with a cooldown, and signs in with the code', async () => {
    const server = fakeApi({
      'POST /auth/login': (call) =>
        (call.body as { code?: string }).code
          ? [200, { success: true, user: aUser, tokens: someTokens(), message: 'ok' }]
          : [403, { success: false, message: 'Tu cuenta aún no está confirmada. Introduce el código que te enviamos por correo.' }],
      'POST /auth/resend-code': () => [200, { success: true, message: 'Si tu cuenta está pendiente de confirmar, te enviamos un código nuevo. Revisa tu correo.' }],
      'GET /users/me': () => [200, { success: true, data: aUser }],
    });
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Buena1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await screen.findByRole('heading', { name: 'Confirma tu correo' });
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('button', { name: 'Reenviar código en 60 s' })).toBeDisabled();
    expect(server.calls.find((c) => c.path === '/auth/resend-code')?.body).toEqual({ email: 'ana@example.com' });

    await user.type(screen.getByLabelText('Código de confirmación'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar e iniciar sesión' }));
    expect(await screen.findByRole('heading', { name: /Hola, Ana/ })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/auth/login').map((c) => c.body)).toEqual([
      { email: 'ana@example.com', password: 'Buena1234' },
      { email: 'ana@example.com', password: 'Buena1234', code: '654321' },
    ]);
  });
});

describe('"Cambiar contraseña" in /profile', () => {
  const signedIn = () => {
    saveTokens(someTokens());
    useAuthStore.setState({ user: aUser, isAuthenticated: true });
  };

  it('checks the repeated password, then sends the current and the new one', async () => {
    signedIn();
    const server = fakeApi({
      'GET /users/me': () => [200, { success: true, data: aUser }],
      'POST /users/password': () => [200, { success: true, message: 'Contraseña actualizada.', tokens: someTokens() }],
    });
    renderAt('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    await user.type(screen.getByLabelText('Contraseña actual'), 'Vieja-Clave1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva-Clave1');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'Nueva-Clave2');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(server.count('POST /users/password')).toBe(0);

    await user.clear(screen.getByLabelText('Repite la nueva contraseña'));
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'Nueva-Clave1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(server.count('POST /users/password')).toBe(1));
    expect(server.calls.find((c) => c.path === '/users/password')?.body).toEqual({ actual: 'Vieja-Clave1', nueva: 'Nueva-Clave1' });
    expect(await screen.findByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  });

  it('shows a wrong current password in Spanish', async () => {
    signedIn();
    fakeApi({
      'GET /users/me': () => [200, { success: true, data: aUser }],
      'POST /users/password': () => [400, { success: false, message: 'La contraseña actual no es correcta.' }],
    });
    renderAt('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    await user.type(screen.getByLabelText('Contraseña actual'), 'Mala-Clave1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva-Clave1');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'Nueva-Clave1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta.');
  });

  it('explains, instead of a form, that a Google or Microsoft session has no password to change', async () => {
    signedIn();
    markHostedUiSession();
    fakeApi({ 'GET /users/me': () => [200, { success: true, data: aUser }] });
    renderAt('/profile');
    expect(await screen.findByText(/Iniciaste sesión con Google o Microsoft/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar contraseña' })).toBeNull();
  });
});
