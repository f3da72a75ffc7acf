import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from '../fake-api';
import { aCourse, me, ok, progressAnswer, renderAt, signedIn } from '../courses/fixtures';

// The tutor inside the course page (course-tutor-slot.tsx) and the diplomado inside /generar and
// the dashboard.

beforeEach(() => signedIn());

const context = { courseId: 'c-1', titulo: 'Python desde cero', topic: 'Python', nivel: 'principiante', modulos: [], progreso: { completadas: 0, total: 3, porcentaje: 0 }, historial: [], sugerencias: [], cuota: { plan: 'gratuito', limite: 20, usados: 0, restantes: 20, renuevaEn: 'x' } };

test('the course page offers the tutor, which opens on the lesson the learner is reading', async () => {
  const server = fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(aCourse()),
    'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
    'GET /ai-tutor/context/c-1': () => ok({ ...context, leccionActual: { moduleId: 'm2', lessonId: 'l3', titulo: 'Lección l3', resumen: '' } }),
  });
  renderAt('/course/c-1?modulo=m2&leccion=l3');
  await screen.findByRole('heading', { level: 2, name: 'Lección l3' });
  await userEvent.click(await screen.findByRole('button', { name: /Preguntar al tutor/ }));
  const panel = await screen.findByRole('dialog', { name: 'Tutor IA' });
  expect(await within(panel).findByText('Lección l3')).toBeInTheDocument();
  await waitFor(() => expect(server.calls.some((c) => c.path === '/ai-tutor/context/c-1?moduleId=m2&lessonId=l3')).toBe(true));
});

test('/generar offers the diplomado as a second mode: its form to a premium learner', async () => {
  const premium = { ...aUser, plan: { nombre: 'premium' } };
  signedIn(premium);
  fakeApi({ 'GET /users/me': () => ok(premium), 'GET /payments/plan': () => [404, {}] });
  renderAt('/generar');
  await userEvent.click(await screen.findByRole('tab', { name: 'Diplomado' }));
  expect(await screen.findByRole('button', { name: 'Diseñar mi diplomado' })).toBeInTheDocument();
});

test('/generar shows a free learner the premium gate, with the way to the plans, instead of the diplomado form', async () => {
  fakeApi({ ...me, 'GET /payments/plan': () => [404, {}] });
  renderAt('/generar');
  await userEvent.click(await screen.findByRole('tab', { name: 'Diplomado' }));
  expect(await screen.findByRole('heading', { name: 'Los diplomados son parte del plan Premium' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ver planes y pasar a Premium' })).toHaveAttribute('href', '/changeplan');
  expect(screen.queryByRole('button', { name: 'Diseñar mi diplomado' })).not.toBeInTheDocument();
});

test('the dashboard shows "Mis diplomados"', async () => {
  fakeApi({ ...me, 'GET /courses/my-courses': () => ok([]), 'GET /diplomado': () => ok([]) });
  renderAt('/dashboard');
  expect(await screen.findByRole('heading', { name: 'Mis diplomados' })).toBeInTheDocument();
  expect(await screen.findByText(/Aún no tienes diplomados/)).toBeInTheDocument();
});
