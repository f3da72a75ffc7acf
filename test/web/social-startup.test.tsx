import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppShell } from '../../web/src/app/app';
import { resetStartupForTests } from '../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../web/src/features/auth/store';
import { readTokens } from '../../web/src/lib/token-storage';
import { aUser, fakeApi } from './fake-api';

// Amplify itself is exercised by the e2e test against the local Hosted UI; here its outcome is scripted.
const completeSocialSignIn = jest.fn();
const startSocialSignIn = jest.fn((_provider: string) => Promise.resolve());
jest.mock('../../web/src/features/auth/social-sign-in', () => ({
  completeSocialSignIn: () => completeSocialSignIn(),
  startSocialSignIn: (provider: string) => startSocialSignIn(provider),
}));

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

describe('the first linked sign-in (issue 14: Cognito fails it once by design)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    startSocialSignIn.mockClear();
  });

  it('starts the same provider again, once, on "Already found an entry for username"', async () => {
    const { retryLinkedSignIn } = await import('../../web/src/features/auth/linked-retry');
    const error = new URLSearchParams({ error: 'invalid_request', error_description: 'Already found an entry for username Google_1057' });
    sessionStorage.setItem('mentora.socialProvider', 'Google');
    expect(retryLinkedSignIn(error)).toBe(true);
    await waitFor(() => expect(startSocialSignIn).toHaveBeenCalledWith('Google'));
    // A second failure is shown, not retried forever.
    expect(retryLinkedSignIn(error)).toBe(false);
    expect(retryLinkedSignIn(new URLSearchParams({ error: 'access_denied', error_description: 'User cancelled' }))).toBe(false);
  });
});
