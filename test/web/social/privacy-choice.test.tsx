import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from '../fake-api';
import { aCourse, ok, renderAt, signedIn, summaryOf } from '../courses/fixtures';

// Privacy by default: the dashboard explains the community choice until the learner makes it,
// and each course card has its own switch for showing the course's topic.

const update = (user: object) => (call: { body?: unknown }) => [200, { success: true, data: { ...user, ...(call.body as object) }, message: 'Perfil actualizado' }] as [number, unknown];

describe('the community choice on the dashboard', () => {
  it('is offered to a learner who never chose, and "Mostrar mi perfil" shows the profile', async () => {
    signedIn();
    const api = fakeApi({ 'GET /users/me': () => ok(aUser), 'GET /courses/my-courses': () => ok([]), 'PUT /users/profile': update(aUser) });
    renderAt('/dashboard');
    const card = (await screen.findByRole('heading', { name: '¿Quieres aparecer en la comunidad?' })).closest('section')!;
    expect(within(card).getByText(/Tu correo y tu biografía nunca se muestran/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mostrar mi perfil' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '¿Quieres aparecer en la comunidad?' })).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ perfilPublico: true });
  });

  it('closing it keeps the profile hidden and records the choice', async () => {
    signedIn();
    const api = fakeApi({ 'GET /users/me': () => ok(aUser), 'GET /courses/my-courses': () => ok([]), 'PUT /users/profile': update(aUser) });
    renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar y mantener mi perfil oculto' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '¿Quieres aparecer en la comunidad?' })).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ perfilPublico: false });
  });

  it('is not shown once the learner chose', async () => {
    const chose = { ...aUser, perfilPublico: false };
    signedIn(chose);
    fakeApi({ 'GET /users/me': () => ok(chose), 'GET /courses/my-courses': () => ok([]) });
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Mis cursos' });
    expect(screen.queryByRole('heading', { name: '¿Quieres aparecer en la comunidad?' })).not.toBeInTheDocument();
  });

  it('a course card\'s switch shows its topic on the public profile', async () => {
    const chose = { ...aUser, perfilPublico: true };
    signedIn(chose);
    const api = fakeApi({
      'GET /users/me': () => ok(chose),
      'GET /courses/my-courses': () => ok([summaryOf(aCourse())]),
      'PUT /users/courses/c-1/visibility': () => [200, { success: true, data: { ...chose, temasPublicos: { 'c-1': 'Python' } }, message: 'El tema del curso aparece en tu perfil público' }],
    });
    renderAt('/dashboard');
    const toggle = await screen.findByRole('switch', { name: /Mostrar el tema en mi perfil público/ });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ publico: true });
  });
});
