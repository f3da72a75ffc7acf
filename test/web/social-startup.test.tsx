import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { resetStartupForTests } from '../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../web/src/features/auth/store';
import { readTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi } from './fake-api';

// Amplify itself is exercised by the e2e test against the local Hosted UI; here its outcome is scripted.
const completeSocialSignIn = jest.fn();
jest.mock('../../web/src/features/auth/social-sign-in', () => ({ completeSocialSignIn: () => completeSocialSignIn() }));

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

beforeEach(() => {
  localStorage.clear();
  resetStartupForTests();
  completeSocialSignIn.mockReset();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
  window.history.replaceState(null, '', '/?code=abc&state=xyz');
});

const start = () => render(<MemoryRouter initialEntries={['/']}><AppShell /><Where /></MemoryRouter>);

describe('social session on start (SPEC §4)', () => {
  it('sends the Hosted UI tokens to /auth/loginsocial, signs in and goes to /dashboard', async () => {
    completeSocialSignIn.mockResolvedValue({ accessToken: 'sa', idToken: 'si', refreshToken: null, expiresIn: 900 });
    const server = fakeApi({
      'POST /auth/loginsocial': () => [200, { success: true, user: aUser }],
      'GET /users/me': () => [200, { success: true, data: aUser }],
    });
    start();
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/dashboard'));
    expect(server.calls[0]).toMatchObject({ path: '/auth/loginsocial', body: { accessToken: 'sa', idToken: 'si', refreshToken: null, expiresIn: 900 } });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(readTokens().accessToken).toBe('sa');
  });

  it('on failure toasts the server message and stays signed out', async () => {
    completeSocialSignIn.mockResolvedValue({ accessToken: 'sa', idToken: 'si', refreshToken: null, expiresIn: 900 });
    fakeApi({ 'POST /auth/loginsocial': () => [401, { success: false, message: 'Token social no válido' }] });
    start();
    expect(await screen.findByText('Token social no válido')).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/login'));
  });

  it('without a message it toasts "Error al iniciar sesión"', async () => {
    completeSocialSignIn.mockRejectedValue({});
    fakeApi({});
    start();
    expect(await screen.findByText('Error al iniciar sesión')).toBeInTheDocument();
    expect(readTokens().accessToken).toBeNull();
  });
});
