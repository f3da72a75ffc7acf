import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from '../fake-api';
import { ok, renderAt, signedIn } from '../courses/fixtures';

describe('"Mostrar mi perfil en la comunidad" in /profile', () => {
  it('is on by default and hides the profile through PUT /users/profile', async () => {
    signedIn();
    const api = fakeApi({
      'GET /users/me': () => ok(aUser),
      'PUT /users/profile': (call) => [200, { success: true, data: { ...aUser, ...(call.body as object) }, message: 'Perfil actualizado' }],
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
});
