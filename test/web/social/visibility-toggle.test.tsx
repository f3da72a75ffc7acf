import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from '../fake-api';
import { ok, renderAt, signedIn } from '../courses/fixtures';

describe('"Mostrar mi perfil en la comunidad" in /profile', () => {
  it('shows a profile the learner chose to show as on, and hides it through PUT /users/profile', async () => {
    const shown = { ...aUser, perfilPublico: true };
    signedIn(shown);
    const api = fakeApi({
      'GET /users/me': () => ok(shown),
      'PUT /users/profile': (call) => [200, { success: true, data: { ...shown, ...(call.body as object) }, message: 'Perfil actualizado' }],
    });
    renderAt('/profile');
    const toggle = await screen.findByRole('switch', { name: 'Mostrar mi perfil en la comunidad' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Tu perfil ya no aparece en la comunidad')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ perfilPublico: false });
  });

  it('shows a hidden profile as off, and an error toast when the change fails', async () => {
    const hidden = { ...aUser, perfilPublico: false };
    signedIn(hidden);
    fakeApi({ 'GET /users/me': () => ok(hidden), 'PUT /users/profile': () => [500, { success: false, message: 'Ha ocurrido un error inesperado.' }] });
    renderAt('/profile');
    const toggle = await screen.findByRole('switch', { name: 'Mostrar mi perfil en la comunidad' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('is off for a learner who never chose (privacy by default)', async () => {
    signedIn();
    fakeApi({ 'GET /users/me': () => ok(aUser) });
    renderAt('/profile');
    expect(await screen.findByRole('switch', { name: 'Mostrar mi perfil en la comunidad' })).toHaveAttribute('aria-checked', 'false');
  });
});
