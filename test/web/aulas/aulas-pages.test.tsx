import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AulaGroupView, InvitationPreview, MyAulas } from '../../../lambdas/contract/aulas';
import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER } from '../../../lambdas/contract/aulas';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { aUser, fakeApi } from '../fake-api';
import { currentPath, ok, renderAt, signedIn } from '../courses/fixtures';

// Aulas in the SPA (issue 25): the join page says what the teacher will see before the learner
// confirms; "Mis aulas" for a free learner, a teacher and a member; the teacher's group page.

const premium = { ...aUser, plan: { nombre: 'premium' } };
const me = (user: object) => ({ 'GET /users/me': () => ok(user) });
const pct = (completadas: number, total: number) => ({ completadas, total, porcentaje: total ? Math.round((completadas / total) * 100) : 0 });
const anAula = { aulaId: 'a-1', nombre: 'Biología 3.º B', codigo: 'K7MP3QXA', enlace: '/aulas/unirse/K7MP3QXA', miembros: 2, maxMiembros: 30, creadoEn: '2026-11-25',
  cursos: [{ courseId: 'c-1', titulo: 'La célula', modulos: [{ moduleId: 'm01', titulo: 'Membrana', lecciones: 2 }] }] };
const preview = (over: Partial<InvitationPreview> = {}): InvitationPreview => ({
  aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', cursos: [{ titulo: 'La célula' }],
  compartes: [...SHARED_WITH_TEACHER], noCompartes: [...NOT_SHARED_WITH_TEACHER], completa: false, yaEresMiembro: false, ...over,
});

test('the join page shows, before joining, exactly what the teacher will see, and joins only when the learner confirms', async () => {
  signedIn();
  const server = fakeApi({
    ...me(aUser),
    'GET /aulas/invitacion/K7MP3QXA': () => ok(preview()),
    'POST /aulas/join': () => [201, { success: true, data: { aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', unidoEn: '2026-11-25', cursos: [] } }],
    'GET /aulas': () => ok({ comoProfesor: [], comoMiembro: [] } satisfies MyAulas),
  });
  renderAt('/aulas/unirse/K7MP3QXA');
  const seen = await screen.findByRole('heading', { name: 'Lo que verá tu profesor' });
  const list = within(seen.parentElement!).getAllByRole('listitem').map((li) => li.textContent);
  expect(list).toEqual([...SHARED_WITH_TEACHER]);
  expect(screen.getByText('Tu correo electrónico')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path === '/aulas/join')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Unirme al aula' }));
  await waitFor(() => expect(currentPath()).toBe('/aulas'));
  expect(server.calls.find((c) => c.path === '/aulas/join')?.body).toEqual({ codigo: 'K7MP3QXA' });
});

test('a wrong code shows the server\'s Spanish message and no join button', async () => {
  signedIn();
  fakeApi({ ...me(aUser), 'GET /aulas/invitacion/ZZZZ2222': () => [404, { success: false, message: 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.' }] });
  renderAt('/aulas/unirse/ZZZZ2222');
  expect(await screen.findByText('No encontramos ningún aula con ese código. Revisa que esté bien escrito.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unirme al aula' })).not.toBeInTheDocument();
});

test('a free learner sees the aulas they are in, can leave after confirming, and is offered Premium to teach', async () => {
  signedIn();
  let member = true;
  const server = fakeApi({
    ...me(aUser),
    'GET /aulas': () => ok({ comoProfesor: [], comoMiembro: member ? [{ aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', unidoEn: '2026-11-25', cursos: [{ courseId: 'c-1', titulo: 'La célula', miCurso: 'mine-1' }] }] : [] } satisfies MyAulas),
    'DELETE /aulas/a-1/membership': () => { member = false; return [200, { success: true, message: 'Saliste del aula.' }]; },
  });
  renderAt('/aulas');
  expect(await screen.findByRole('link', { name: 'Estudiar La célula' })).toHaveAttribute('href', '/course/mine-1');
  expect(screen.getByRole('link', { name: 'Ver planes y pasar a Premium' })).toHaveAttribute('href', '/changeplan');
  expect(screen.queryByLabelText('Nombre de la nueva aula')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Salir del aula «Biología 3.º B»' }));
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Sí, salir' }));
  expect(await screen.findByText('Todavía no estás en ningún aula. Pide el código a tu profesor.')).toBeInTheDocument();
});

test('a premium teacher creates an aula and sees its code and members', async () => {
  signedIn(premium);
  let aulas: MyAulas['comoProfesor'] = [];
  const server = fakeApi({
    ...me(premium),
    'GET /aulas': () => ok({ comoProfesor: aulas, comoMiembro: [] } satisfies MyAulas),
    'POST /aulas': () => { aulas = [{ ...anAula, miembros: 0, cursos: [] }]; return [201, { success: true, data: aulas[0] }]; },
  });
  renderAt('/aulas');
  await userEvent.click(await screen.findByRole('button', { name: 'Crear aula' }));
  expect(screen.getByText('El nombre del aula es obligatorio')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Nombre de la nueva aula'), 'Biología 3.º B');
  await userEvent.click(screen.getByRole('button', { name: 'Crear aula' }));
  expect(await screen.findByText('K7MP3QXA')).toBeInTheDocument();
  expect(screen.getByText('0 de 30 miembros')).toBeInTheDocument();
  expect(server.calls.find((c) => c.path === '/aulas' && c.method === 'POST')?.body).toEqual({ nombre: 'Biología 3.º B' });
});

test("the teacher's group page shows each member's modules, who is behind, the most missed questions and the CSV button", async () => {
  signedIn(premium);
  const group: AulaGroupView = {
    aula: anAula, medianaProgreso: 50,
    miembros: [
      { userId: 'u-a', nombre: 'Ana', unidoEn: '2026-11-25', progreso: pct(2, 2), rezagado: false, cursos: [{ courseId: 'c-1', titulo: 'La célula', estado: 'completado', progreso: pct(2, 2), certificado: { certificateId: 'x', fecha: '2026-11-25T00:00:00.000Z' }, modulos: [{ moduleId: 'm01', titulo: 'Membrana', progreso: pct(2, 2), evaluacion: { intentos: 1, mejorNota: 95, aprobado: true } }] }] },
      { userId: 'u-b', nombre: 'Beto', unidoEn: '2026-11-25', progreso: pct(0, 2), rezagado: true, cursos: [{ courseId: 'c-1', titulo: 'La célula', estado: 'sin_empezar', progreso: pct(0, 2), modulos: [{ moduleId: 'm01', titulo: 'Membrana', progreso: pct(0, 2), evaluacion: { intentos: 0, mejorNota: null, aprobado: false } }] }] },
    ],
    preguntasMasFalladas: [{ courseId: 'c-1', curso: 'La célula', moduleId: 'm01', enunciado: '¿Qué regula la membrana?', fallos: 3, respuestas: 4 }],
  };
  fakeApi({ ...me(premium), 'GET /aulas/a-1/grupo': () => ok(group) });
  renderAt('/aulas/a-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Biología 3.º B' })).toBeInTheDocument();
  const beto = screen.getByRole('heading', { name: 'Beto' }).closest('li')!;
  expect(within(beto).getByText('Va atrasado')).toBeInTheDocument();
  expect(within(beto).getByText('Sin intentos')).toBeInTheDocument();
  const ana = screen.getByRole('heading', { name: 'Ana' }).closest('li')!;
  expect(within(ana).getByText('Aprobada · mejor nota 95 · 1 intento')).toBeInTheDocument();
  expect(within(ana).queryByText('Va atrasado')).not.toBeInTheDocument();
  expect(screen.getByText('¿Qué regula la membrana?')).toBeInTheDocument();
  expect(screen.getByText('La célula · falladas 3 de 4 respuestas')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled();
});

test('anyone but the teacher opening a group page reads the Spanish 404', async () => {
  signedIn();
  fakeApi({ ...me(aUser), 'GET /aulas/a-1/grupo': () => [404, { success: false, message: 'No encontramos esa aula.' }] });
  renderAt('/aulas/a-1');
  expect(await screen.findByText('No encontramos esa aula.')).toBeInTheDocument();
});

test('a signed-out visitor with the invitation link is asked to sign in and comes back to it', async () => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null, signedOutByLearner: false });
  const server = fakeApi({});
  renderAt('/aulas/unirse/K7MP3QXA');
  await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión para ver la invitación' }));
  await waitFor(() => expect(currentPath()).toBe('/login'));
  expect(sessionStorage.getItem('mentora.volverA')).toBe('/aulas/unirse/K7MP3QXA');
  expect(server.calls.some((c) => c.path.startsWith('/aulas'))).toBe(false);
});
