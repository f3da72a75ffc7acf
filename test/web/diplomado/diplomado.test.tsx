import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { DiplomadoCourseView, DiplomadoView } from '../../../lambdas/contract/diplomado';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { diplomadoPolling } from '../../../web/src/features/diplomado/use-diplomado';
import { MyDiplomados } from '../../../web/src/features/diplomado/my-diplomados';
import { aUser, fakeApi } from '../fake-api';
import { aJob, aPlanSummary, currentPath, me as freeMe, renderAt, signedIn } from '../courses/fixtures';

const pct = (porcentaje: number) => ({ completadas: 0, total: 20, porcentaje });
const curso = (index: number, over: Partial<DiplomadoCourseView> = {}): DiplomadoCourseView => ({
  index, titulo: `Curso ${index + 1} de SQL`, descripcion: 'Descripción', objetivos: ['Objetivo A', 'Objetivo B'],
  prerrequisitos: index ? [`Curso ${index} de SQL`] : [], estado: 'sin_generar', progreso: pct(0), ...over,
});
const aDiplomado = (cursos = [curso(0), curso(1), curso(2)], porcentaje = 0): DiplomadoView => ({
  diplomadoId: 'd-1', titulo: 'Diplomado en SQL', descripcion: 'Del SELECT al modelado', topic: 'SQL', nivel: 'intermedio',
  modo: 'demostracion', cursos, progreso: { completadas: 0, total: cursos.length, porcentaje }, createdAt: '2026-11-22',
});
const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];
// Diplomados are premium: these learners are, unless a test says otherwise.
const premium = { ...aUser, plan: { nombre: 'premium' } };
const me = { 'GET /users/me': () => ok(premium) };

beforeEach(() => {
  signedIn(premium);
  diplomadoPolling.ms = 20;
});

test('/diplomado/nuevo shows a free learner the premium gate before any form, with the way to /changeplan', async () => {
  signedIn();
  fakeApi({ ...freeMe });
  renderAt('/diplomado/nuevo');
  expect(await screen.findByRole('heading', { name: 'Los diplomados son parte del plan Premium' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ver planes y pasar a Premium' })).toHaveAttribute('href', '/changeplan');
  expect(screen.queryByRole('button', { name: 'Diseñar mi diplomado' })).not.toBeInTheDocument();
});

test('/diplomado/nuevo validates in Spanish, then plans the programme and opens it', async () => {
  const server = fakeApi({
    ...me,
    'POST /diplomado/plan': () => [202, { success: true, jobId: 'j-7', message: 'Estamos diseñando tu diplomado' }],
    'GET /jobs/j-7': () => ok(aJob({ jobId: 'j-7', kind: 'diplomado', courseId: undefined, status: 'completado', step: 'completado', result: { kind: 'diplomado', diplomadoId: 'd-1' } })),
    'GET /diplomado/d-1': () => ok(aDiplomado()),
  });
  renderAt('/diplomado/nuevo');
  await userEvent.click(await screen.findByRole('button', { name: 'Diseñar mi diplomado' }));
  expect(await screen.findByText('El tema debe tener al menos 2 caracteres')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('¿Qué quieres dominar?'), 'SQL');
  await userEvent.click(screen.getByLabelText('Intermedio'));
  await userEvent.type(screen.getByLabelText(/Tu objetivo/), 'trabajar como analista');
  await userEvent.click(screen.getByRole('button', { name: 'Diseñar mi diplomado' }));
  await waitFor(() => expect(currentPath()).toBe('/diplomado/d-1'));
  expect(server.calls.find((c) => c.path === '/diplomado/plan')?.body).toEqual({ topic: 'SQL', level: 'intermedio', objetivo: 'trabajar como analista' });
});

test('the programme shows each course in order with its state and progress, and the overall progress', async () => {
  fakeApi({ ...me, 'GET /diplomado/d-1': () => ok(aDiplomado([curso(0, { estado: 'listo', courseId: 'c-1', progreso: pct(60) }), curso(1, { estado: 'generando', courseId: 'c-2' }), curso(2)], 20)) });
  renderAt('/diplomado/d-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Diplomado en SQL' })).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Progreso del diplomado' })).toHaveAttribute('aria-valuenow', '20');
  const items = within(screen.getByRole('list', { name: /Programa/ })).getAllByRole('listitem').filter((li) => li.querySelector('h3'));
  expect(items.map((li) => li.querySelector('h3')!.textContent)).toEqual(['Curso 1 de SQL', 'Curso 2 de SQL', 'Curso 3 de SQL']);
  expect(within(items[0]).getByText('Listo')).toBeInTheDocument();
  expect(within(items[0]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  expect(within(items[0]).getByRole('link', { name: 'Ir al curso' })).toHaveAttribute('href', '/course/c-1');
  expect(within(items[1]).getByText('Generando')).toBeInTheDocument();
  expect(within(items[2]).getByRole('button', { name: 'Generar este curso' })).toBeInTheDocument();
  expect(screen.getByText('Modo demostración')).toBeInTheDocument();
});

test('"Generar el siguiente curso" starts the first course not generated, then follows it', async () => {
  let started = false;
  const server = fakeApi({
    ...me,
    'GET /diplomado/d-1': () => ok(started ? aDiplomado([curso(0, { estado: 'generando', courseId: 'c-1' }), curso(1), curso(2)]) : aDiplomado()),
    'POST /diplomado/course': () => {
      started = true;
      return [200, { success: true, data: { cursos: [{ index: 0, curso: { courseId: 'c-1', estado: 'generando' }, jobId: 'j-1' }] }, curso: { courseId: 'c-1', estado: 'generando' }, jobId: 'j-1', message: 'Estamos creando tu curso' }];
    },
  });
  renderAt('/diplomado/d-1');
  await userEvent.click(await screen.findByRole('button', { name: 'Generar el siguiente curso' }));
  expect(await screen.findByRole('link', { name: 'Ver cómo se crea' })).toHaveAttribute('href', '/course/c-1');
  expect(server.calls.find((c) => c.path === '/diplomado/course')?.body).toEqual({ diplomadoId: 'd-1', index: 0 });
  await waitFor(() => expect(server.count('GET /diplomado/d-1')).toBeGreaterThan(3)); // polls while generating
});

test('"Generar todos" asks for every course at once and reports the ones that could not start', async () => {
  const server = fakeApi({
    ...me,
    'GET /diplomado/d-1': () => ok(aDiplomado()),
    'POST /diplomado/course': () => [200, { success: true, data: { cursos: [{ index: 0, curso: { courseId: 'c-1', estado: 'generando' } }, { index: 1, error: 'No pudimos iniciar' }, { index: 2, curso: { courseId: 'c-3', estado: 'generando' } }] }, message: 'Estamos creando tu curso' }],
  });
  renderAt('/diplomado/d-1');
  await userEvent.click(await screen.findByRole('button', { name: 'Generar todos' }));
  await waitFor(() => expect(server.calls.find((c) => c.path === '/diplomado/course')?.body).toEqual({ diplomadoId: 'd-1', todos: true }));
});

test('"Mis diplomados" lists the programmes with their progress', async () => {
  fakeApi({ 'GET /diplomado': () => ok([{ ...aDiplomado(), cursos: 3, generados: 1, progreso: { completadas: 0, total: 3, porcentaje: 33 } }]) });
  render(<MemoryRouter><QueryProvider><MyDiplomados /></QueryProvider></MemoryRouter>);
  expect(await screen.findByRole('link', { name: 'Diplomado en SQL' })).toHaveAttribute('href', '/diplomado/d-1');
  expect(screen.getByText('1 de 3 cursos generados · nivel intermedio')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
});

test('/diplomado/nuevo shows the diplomado plans left today and reads the figure again after a try', async () => {
  let used = 2;
  fakeApi({
    ...me,
    'GET /payments/plan': () => ok(aPlanSummary({ planesDiplomado: used })),
    'POST /diplomado/plan': () => (used = 5, [429, { success: false, message: 'Has usado tus 5 planes de diplomado de hoy.' }]),
  });
  renderAt('/diplomado/nuevo');
  expect(await screen.findByText('Te quedan 3 planes de diplomado hoy')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('¿Qué quieres dominar?'), 'SQL');
  await userEvent.click(screen.getByRole('button', { name: 'Diseñar mi diplomado' }));
  expect(await screen.findByText('No te quedan planes de diplomado hoy. Vuelve mañana o mejora tu plan.')).toBeInTheDocument();
});
