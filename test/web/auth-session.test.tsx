import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { resetStartupForTests } from '../../web/src/app/providers/auth-provider';
import * as hostedUi from '../../web/src/features/auth/hosted-ui-logout';
import { useAuthStore } from '../../web/src/features/auth/store';
import { api } from '../../web/src/lib/api-client';
import { isHostedUiSession, markHostedUiSession, readTokens, saveTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi, someTokens } from './fake-api';

// Issue 14, item 4: a session that cannot be renewed says so; signing out ends at "/" even when a
// request is refused meanwhile; a Hosted UI session is also ended at the Hosted UI's /logout.

jest.mock('../../web/src/features/auth/hosted-ui-logout', () => ({
  ...jest.requireActual<object>('../../web/src/features/auth/hosted-ui-logout'),
  // Leaving the page is the one thing jsdom cannot do.
  endHostedUiSession: jest.fn(() => Promise.resolve()),
}));
const endHostedUiSession = hostedUi.endHostedUiSession as jest.Mock;

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}
const renderAt = (path: string) => render(<MemoryRouter initialEntries={[path]}><AppShell /><Where /></MemoryRouter>);
const path = () => screen.getByTestId('path').textContent;
const toast = (text: string) => screen.findByText(text, { selector: '[data-sonner-toaster] *' });

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  saveTokens(someTokens());
  useAuthStore.setState({ user: aUser, isAuthenticated: true, isLoading: false, error: null, sessionId: null, signedOutByLearner: false });
});
afterEach(() => {
  jest.restoreAllMocks();
  endHostedUiSession.mockClear();
});

it('signing out ends at "/" although a request is refused while the server revokes the tokens', async () => {
  let refuse: () => void = () => {};
  const refused = new Promise<void>((resolve) => (refuse = resolve));
  const server = fakeApi({
    'GET /users/me': (_c, n) => (n === 1 ? [200, { success: true, data: aUser }] : refused.then(() => [401, { success: false, message: 'Revocado' }])),
    'POST /auth/logout': () => {
      refuse();
      return [200, { success: true, message: 'Sesión cerrada' }];
    },
    'POST /auth/refresh': () => [401, { success: false, message: 'Revocado' }],
  });
  renderAt('/profile');
  await screen.findByRole('heading', { name: 'Perfil' });
  const inFlight = api.get('/users/me').catch(() => 'refused');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Ana Pérez/ }));
  await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
  expect(await inFlight).toBe('refused');
  await screen.findByRole('heading', { name: 'Iniciar sesión' });
  expect(path()).toBe('/');
  expect(server.calls.find((c) => c.path === '/auth/logout')?.body).toEqual({ refreshToken: 'refresh-1' });
  expect(server.count('POST /auth/refresh')).toBe(0);
  expect(screen.queryByText('Tu sesión ha caducado. Inicia sesión de nuevo.')).toBeNull();
});

it('signing out of a Hosted UI session also ends it at the Hosted UI\'s /logout', async () => {
  const end = endHostedUiSession;
  markHostedUiSession();
  fakeApi({ 'GET /users/me': () => [200, { success: true, data: aUser }], 'POST /auth/logout': () => [200, { success: true, message: 'Sesión cerrada' }] });
  renderAt('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Ana Pérez/ }));
  await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
  await waitFor(() => expect(end).toHaveBeenCalledTimes(1));
  expect(isHostedUiSession()).toBe(false);
});

it('the Hosted UI\'s /logout gets the app client and "/" of this origin to return to', async () => {
  fakeApi({});
  const url = new URL(await hostedUi.hostedUiLogoutUrl('http://localhost'));
  expect(`${url.origin}${url.pathname}`).toBe('https://127.0.0.1:1/logout');
  expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'client', logout_uri: 'http://localhost/' });
});

it('an email session signs out without visiting the Hosted UI', async () => {
  const end = endHostedUiSession;
  const server = fakeApi({ 'GET /users/me': () => [200, { success: true, data: aUser }], 'POST /auth/logout': () => [200, { success: true, message: 'Sesión cerrada' }] });
  renderAt('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Ana Pérez/ }));
  await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
  await screen.findByRole('heading', { name: 'Iniciar sesión' });
  expect(path()).toBe('/');
  await waitFor(() => expect(server.count('POST /auth/logout')).toBe(1));
  expect(end).not.toHaveBeenCalled();
});

// Last: sonner keeps its toasts between renders, and the ones above must see none.
it('a refused request whose refresh fails toasts "Tu sesión ha caducado. Inicia sesión de nuevo." and goes to /login', async () => {
  fakeApi({
    'GET /users/me': (_c, n) => (n === 1 ? [200, { success: true, data: aUser }] : [401, { success: false, message: 'Token caducado' }]),
    'POST /auth/refresh': () => [401, { success: false, message: 'Tu sesión ha caducado. Inicia sesión de nuevo.' }],
  });
  renderAt('/profile');
  await screen.findByRole('heading', { name: 'Perfil' });
  await expect(api.get('/users/me')).rejects.toBeTruthy();
  expect(await toast('Tu sesión ha caducado. Inicia sesión de nuevo.')).toBeInTheDocument();
  await waitFor(() => expect(path()).toBe('/login'));
  expect(readTokens().accessToken).toBeNull();
});
