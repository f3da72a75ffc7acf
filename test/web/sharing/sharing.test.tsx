import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedCourse } from '../../../lambdas/contract/sharing';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { resetStartupForTests } from '../../../web/src/app/providers/auth-provider';
import { aUser, fakeApi } from '../fake-api';
import { aCourse, currentPath, me, ok, renderAt, signedIn, summaryOf } from '../courses/fixtures';

// Sharing in the SPA (issue 25): the owner's "Compartir" control on the course page, and the public
// page /compartido/:shareId, signed out (sign in and come back to copy) and signed in.

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const shared: SharedCourse = {
  shareId: SHARE_ID, titulo: 'Huerto urbano', descripcion: 'Cultiva en un balcón.', topic: 'Huertos', nivel: 'principiante', modo: 'ia', objetivos: [], totalLecciones: 2,
  modulos: [{ moduleId: 'm01', titulo: 'Empezar', descripcion: 'Lo básico', lecciones: [
    { lessonId: 'l01', titulo: 'El sustrato', resumen: 'Tierra', contenido: 'El **sustrato** retiene el agua.' },
    { lessonId: 'l02', titulo: 'El riego', resumen: 'Agua', contenido: 'Riega por la mañana.' },
  ] }],
};
const GONE = [404, { success: false, message: 'Este enlace ya no está disponible.' }] as [number, unknown];

function signedOut() {
  localStorage.clear();
  sessionStorage.clear();
  resetStartupForTests();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
}

describe('the public page', () => {
  test('a guessed or withdrawn link says so in Spanish, with no course on screen', async () => {
    signedOut();
    fakeApi({ [`GET /compartidos/${SHARE_ID}`]: () => GONE });
    renderAt(`/compartido/${SHARE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Este enlace ya no está disponible' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar a mis cursos' })).not.toBeInTheDocument();
  });

  test('signed out: the outline and a lesson are readable, noindex, no session is sent, and copying sends to sign-in and back', async () => {
    signedOut();
    const server = fakeApi({ [`GET /compartidos/${SHARE_ID}`]: () => ok(shared) });
    renderAt(`/compartido/${SHARE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Huerto urbano' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(screen.getByRole('heading', { level: 2, name: 'El sustrato' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'El riego' }));
    expect(await screen.findByText('Riega por la mañana.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'El riego' })).toHaveFocus());
    expect(server.calls.every((c) => c.authorization === undefined)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar a mis cursos' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(sessionStorage.getItem('mentora.volverA')).toBe(`/compartido/${SHARE_ID}?copiar=1`);
    expect(server.calls.some((c) => c.path.endsWith('/copy'))).toBe(false);
  });

  test('signed in: "Copiar a mis cursos" copies and opens the learner\'s own course', async () => {
    signedIn();
    const copy = aCourse({ courseId: 'mine-1', titulo: 'Huerto urbano' });
    const server = fakeApi({
      ...me,
      [`GET /compartidos/${SHARE_ID}`]: () => ok(shared),
      [`POST /compartidos/${SHARE_ID}/copy`]: () => [201, { success: true, curso: summaryOf(copy), message: 'Curso copiado a tus cursos. Tu progreso y tus evaluaciones son tuyos.' }],
      'GET /courses/mine-1': () => ok(copy),
    });
    renderAt(`/compartido/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar a mis cursos' }));
    await waitFor(() => expect(currentPath()).toBe('/course/mine-1'));
    expect(server.count(`POST /compartidos/${SHARE_ID}/copy`)).toBe(1);
  });

  test('a crafted link (?copiar=1) copies nothing by itself: the copy is offered, and made once on the click (issue 40)', async () => {
    signedIn();
    const copy = aCourse({ courseId: 'mine-1', titulo: 'Huerto urbano' });
    const server = fakeApi({
      ...me,
      [`GET /compartidos/${SHARE_ID}`]: () => ok(shared),
      [`POST /compartidos/${SHARE_ID}/copy`]: () => [201, { success: true, curso: summaryOf(copy), message: 'Curso copiado a tus cursos. Tu progreso y tus evaluaciones son tuyos.' }],
      'GET /courses/mine-1': () => ok(copy),
    });
    renderAt(`/compartido/${SHARE_ID}?copiar=1`);
    // The page has loaded the course (the old page had sent its copy by then): nothing is copied.
    await screen.findByRole('heading', { level: 1, name: 'Huerto urbano' });
    expect(server.count(`POST /compartidos/${SHARE_ID}/copy`)).toBe(0);
    const offer = screen.getByRole('region', { name: '¿Copiar «Huerto urbano» a tus cursos?' });
    expect(currentPath()).toBe(`/compartido/${SHARE_ID}?copiar=1`);
    await userEvent.click(within(offer).getByRole('button', { name: 'Copiar a mis cursos' }));
    await waitFor(() => expect(currentPath()).toBe('/course/mine-1'));
    expect(server.count(`POST /compartidos/${SHARE_ID}/copy`)).toBe(1);
  });

  test('"Ahora no" puts the offer away and copies nothing', async () => {
    signedIn();
    const server = fakeApi({ ...me, [`GET /compartidos/${SHARE_ID}`]: () => ok(shared) });
    renderAt(`/compartido/${SHARE_ID}?copiar=1`);
    const offer = await screen.findByRole('region', { name: '¿Copiar «Huerto urbano» a tus cursos?' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /¿Copiar/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Copiar a mis cursos' })).toBeInTheDocument();
    expect(server.count(`POST /compartidos/${SHARE_ID}/copy`)).toBe(0);
  });

  test('signed in: a second copy shows the server\'s Spanish refusal and stays on the page', async () => {
    signedIn();
    fakeApi({
      ...me,
      [`GET /compartidos/${SHARE_ID}`]: () => ok(shared),
      [`POST /compartidos/${SHARE_ID}/copy`]: () => [409, { success: false, message: 'Ya copiaste este curso: lo encuentras en Mis Cursos.' }],
    });
    renderAt(`/compartido/${SHARE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar a mis cursos' }));
    expect(await screen.findByText('Ya copiaste este curso: lo encuentras en Mis Cursos.')).toBeInTheDocument();
    expect(currentPath()).toBe(`/compartido/${SHARE_ID}`);
  });
});

describe('the owner\'s control', () => {
  test('publishes the link, shows it and the copies, and withdraws it only after confirming', async () => {
    signedIn();
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse()),
      'POST /courses/c-1/share': () => ok({ shareId: SHARE_ID, url: `/compartido/${SHARE_ID}`, copias: 2 }),
      'DELETE /courses/c-1/share': () => [200, { success: true, message: 'Dejaste de compartir el curso.' }],
    });
    renderAt('/course/c-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Opciones del curso' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir por enlace' }));
    expect(await screen.findByLabelText('Enlace para compartir')).toHaveValue(`${window.location.origin}/compartido/${SHARE_ID}`);
    expect(screen.getByText('2 copias')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dejar de compartir' }));
    expect(server.count('DELETE /courses/c-1/share')).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sí, dejar de compartir' }));
    expect(await screen.findByRole('button', { name: 'Compartir por enlace' })).toBeInTheDocument();
    expect(server.count('DELETE /courses/c-1/share')).toBe(1);
  });

  test('a course still being written offers no sharing', async () => {
    signedIn();
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse({ estado: 'generando' })), 'GET /jobs/j-1': () => [404, { success: false, message: 'No' }] });
    renderAt('/course/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opciones del curso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compartir por enlace' })).not.toBeInTheDocument();
  });
});

test('after signing in, the visitor lands back on the shared page', async () => {
  signedOut();
  sessionStorage.setItem('mentora.volverA', `/compartido/${SHARE_ID}`);
  fakeApi({ 'POST /auth/login': () => [200, { success: true, user: aUser, message: 'Sesión iniciada', tokens: { accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresIn: 3600 } }], ...me, [`GET /compartidos/${SHARE_ID}`]: () => ok(shared) });
  renderAt('/login');
  await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/Contraseña/), 'Aprender2025');
  await userEvent.click(screen.getByRole('button', { name: /Iniciar sesión/i }));
  await waitFor(() => expect(currentPath()).toBe(`/compartido/${SHARE_ID}`));
  await screen.findByRole('heading', { level: 1, name: 'Huerto urbano' });
  await waitFor(() => expect(sessionStorage.getItem('mentora.volverA')).toBeNull());
});
