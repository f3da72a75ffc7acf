import { act, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../web/src/lib/api-client';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '../../../web/src/config/runtime-config';
import { fakeApi, testConfig } from '../fake-api';
import { aCourse, aJob, aPlanSummary, currentPath, me, ok, renderAt, signedIn, summaryOf } from './fixtures';

/** The course a POST /courses/plan (or a retry) answers: its summary, generating under that job. */
const started = (courseId: string, jobId: string) => summaryOf(aCourse({ courseId, estado: 'generando', jobId }));

const suggestions = [
  { titulo: 'Python para análisis de datos', descripcion: 'Pandas y gráficos.', nivel: 'intermedio', duracionEstimada: '6 horas', aprenderas: ['Limpiar datos', 'Hacer gráficos'] },
  { titulo: 'Python para la web', descripcion: 'Django básico.', nivel: 'intermedio', duracionEstimada: '8 horas', aprenderas: ['Rutas', 'Plantillas'] },
];

beforeEach(() => signedIn());

describe('/generar', () => {
  it('shows suggestions for the topic and level, and choosing one fills the form', async () => {
    const server = fakeApi({ ...me, 'POST /courses/suggestions': () => ok(suggestions) });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Python');
    await user.click(screen.getByLabelText('Intermedio'));
    await user.click(screen.getByRole('button', { name: 'Ver sugerencias' }));

    expect(await screen.findByRole('heading', { name: 'Python para la web' })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/courses/suggestions')?.body).toEqual({ topic: 'Python', level: 'intermedio' });

    await user.click(screen.getByRole('button', { name: 'Elegir esta: Python para análisis de datos' }));
    expect(screen.getByLabelText('¿Qué quieres aprender?')).toHaveValue('Python para análisis de datos');
    expect(screen.getByLabelText(/Objetivos/)).toHaveValue('Limpiar datos\nHacer gráficos');
    expect(screen.getByRole('button', { name: 'Elegida: Python para análisis de datos' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('in demonstration mode offers the featured topics, and choosing one fills the topic and the level (creates nothing)', async () => {
    const server = fakeApi({ ...me });
    setRuntimeConfig({
      ...testConfig,
      demostracion: { destacados: [{ tema: 'Historia de la antigua Roma', nivel: 'intermedio', titulo: 'Historia de la antigua Roma: de la República al Imperio' }] },
    });
    renderAt('/generar');
    const user = userEvent.setup();
    const featured = await screen.findByRole('region', { name: 'Cursos destacados' });
    expect(within(featured).getByText('Modo demostración')).toBeInTheDocument();
    await user.click(within(featured).getByRole('button', { name: /Historia de la antigua Roma · Intermedio/ }));
    expect(screen.getByLabelText('¿Qué quieres aprender?')).toHaveValue('Historia de la antigua Roma');
    expect(screen.getByLabelText('Intermedio')).toBeChecked();
    expect(server.calls.filter((c) => c.path.startsWith('/courses'))).toHaveLength(0);
  });

  it('offers no featured topics where a real model writes (no demostracion in the configuration)', async () => {
    fakeApi({ ...me });
    renderAt('/generar');
    expect(await screen.findByLabelText('¿Qué quieres aprender?')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(screen.queryByRole('region', { name: 'Cursos destacados' })).not.toBeInTheDocument();
  });

  it('validates the topic in Spanish before calling the server', async () => {
    const server = fakeApi({ ...me });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'P');
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    expect(await screen.findByText(/El tema debe tener al menos 2 caracteres/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith('/courses'))).toHaveLength(0);
  });

  it('creates the plan, saves cursoid, shows the real job progress and lands on the course once the outline exists', async () => {
    const jobs = [aJob(), aJob({ done: 0 }), aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 1 })];
    const server = fakeApi({
      ...me,
      'POST /courses/plan': () => [201, { success: true, curso: started('c-9', 'j-9'), jobId: 'j-9', message: 'Estamos creando tu curso' }],
      'GET /jobs/j-9': (_c, n) => ok(jobs[Math.min(n - 1, jobs.length - 1)]),
      'GET /courses/c-9': () => [404, { success: false, message: 'No encontramos ese curso.' }],
    });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Historia de Roma');
    await user.type(screen.getByLabelText(/Objetivos/), 'Entender la República{enter}Conocer a los emperadores');
    await user.selectOptions(screen.getByLabelText('Número de módulos'), '3');
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));

    await waitFor(() => expect(currentPath()).toBe('/course/c-9'));
    expect(server.calls.find((c) => c.path === '/courses/plan')?.body).toEqual({
      topic: 'Historia de Roma',
      level: 'principiante',
      objetivos: ['Entender la República', 'Conocer a los emperadores'],
      modulos: 3,
    });
    expect(localStorage.getItem('cursoid')).toBe('c-9');
    // Polled until the outline existed (the third answer).
    expect(server.count('GET /jobs/j-9')).toBeGreaterThanOrEqual(3);
  });

  it('while the outline is being designed: the step in Spanish, n/total and a progressbar', async () => {
    fakeApi({
      ...me,
      'POST /courses/plan': () => [201, { success: true, curso: started('c-9', 'j-9'), jobId: 'j-9', message: 'Estamos creando tu curso' }],
      'GET /jobs/j-9': () => ok(aJob({ done: 0, total: 22 })),
    });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Astronomía');
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    expect(await screen.findByText('Creando tu curso personalizado...')).toBeInTheDocument();
    expect(await screen.findByText('Diseñando el esquema del curso')).toBeInTheDocument();
    expect(screen.getByText('0/22')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso de la generación del curso' })).toHaveAttribute('aria-valuenow', '0');
    expect(currentPath()).toBe('/generar');
  });

  it('a failed job says why in Spanish and offers Reintentar through the retry route', async () => {
    const server = fakeApi({
      ...me,
      'POST /courses/plan': () => [201, { success: true, curso: started('c-9', 'j-9'), jobId: 'j-9', message: 'Estamos creando tu curso' }],
      'GET /jobs/j-9': () => ok(aJob({ status: 'error', step: 'error', stepLabel: 'La generación falló', error: 'El modelo no respondió.' })),
      'POST /courses/c-9/retry': () => [200, { success: true, curso: started('c-9', 'j-10'), jobId: 'j-10', message: 'Volvemos a generar tu curso' }],
      'GET /jobs/j-10': () => ok(aJob({ jobId: 'j-10', step: 'contenido', done: 1 })),
      'GET /courses/c-9': () => [404, { success: false, message: 'No encontramos ese curso.' }],
    });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Astronomía');
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('El modelo no respondió.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(currentPath()).toBe('/course/c-9'));
    expect(server.count('POST /courses/c-9/retry')).toBe(1);
  });

  it('shows the server message when the plan is refused (e.g. no quota left)', async () => {
    fakeApi({ ...me, 'POST /courses/plan': () => [429, { success: false, message: 'Has alcanzado el límite de cursos de tu plan este mes.' }] });
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Astronomía');
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Has alcanzado el límite de cursos de tu plan este mes.');
  });

  it('shows the remaining monthly courses from the plan, and nothing when the plan cannot be read', async () => {
    const plan = { plan: 'gratuito', planes: [], uso: { cursos: { usados: 1, limite: 3, periodo: '2026-11' }, mensajesTutor: { usados: 0, limite: 20, periodo: '2026-11-22' }, diplomado: false, porDia: aPlanSummary().uso.porDia }, suscripcion: null };
    fakeApi({ ...me, 'GET /payments/plan': () => ok(plan) });
    const { unmount } = renderAt('/generar');
    expect(await screen.findByText('Te quedan 2 de 3 cursos este mes.')).toBeInTheDocument();
    unmount();
    fakeApi({ ...me, 'GET /payments/plan': () => [501, { success: false, message: 'Aún no disponible' }] });
    // Every call goes through the contract's client (web/src/lib/api.ts), which sends with api.request.
    const get = jest.spyOn(api, 'request');
    renderAt('/generar');
    await screen.findByLabelText('¿Qué quieres aprender?');
    // The note's own request: once it has settled (its handlers run before ours), the note has decided.
    await waitFor(() => expect(get.mock.calls.map(([config]) => config.url)).toContain('/payments/plan'));
    const planRequest = get.mock.results[get.mock.calls.findIndex(([config]) => config.url === '/payments/plan')].value as Promise<unknown>;
    await act(() => planRequest.catch(() => undefined));
    expect(screen.queryByText(/Te quedan/)).not.toBeInTheDocument();
    get.mockRestore();
  });

  it('with no courses left this month it says so and points to the plans', async () => {
    const plan = { plan: 'gratuito', planes: [], uso: { cursos: { usados: 3, limite: 3, periodo: '2026-11' }, mensajesTutor: { usados: 0, limite: 20, periodo: '2026-11-22' }, diplomado: false, porDia: aPlanSummary().uso.porDia }, suscripcion: null };
    fakeApi({ ...me, 'GET /payments/plan': () => ok(plan) });
    renderAt('/generar');
    expect(await screen.findByText(/Has usado tus 3 cursos de este mes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mejora tu plan' })).toHaveAttribute('href', '/changeplan');
  });

  it('shows the suggestions left today next to the button, and reads the figure again after asking', async () => {
    let used = 2;
    fakeApi({ ...me, 'GET /payments/plan': () => ok(aPlanSummary({ sugerencias: used }, 20)), 'POST /courses/suggestions': () => (used++, ok(suggestions)) });
    renderAt('/generar');
    expect(await screen.findByText('Te quedan 18 sugerencias hoy')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('¿Qué quieres aprender?'), 'Python');
    await user.click(screen.getByRole('button', { name: 'Ver sugerencias' }));
    expect(await screen.findByText('Te quedan 17 sugerencias hoy')).toBeInTheDocument();
  });
});
