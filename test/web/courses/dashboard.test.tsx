import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, me, ok, renderAt, signedIn, summaryOf } from './fixtures';

beforeEach(() => signedIn());

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('/dashboard', () => {
  it('lists the courses with the server\'s progress, state and a way to continue the last lesson', async () => {
    const python = summaryOf(aCourse(), { progreso: { completadas: 3, total: 12, porcentaje: 25 }, ultimaLeccion: { moduleId: 'm2', lessonId: 'l5' } });
    const roma = summaryOf(aCourse({ courseId: 'c-2', titulo: 'Historia de Roma', estado: 'generando', modo: 'demostracion' }));
    fakeApi({ ...me, 'GET /courses/my-courses': () => ok([python, roma]), 'GET /jobs/j-1': () => ok({}) });
    renderAt('/dashboard');
    await screen.findByRole('heading', { level: 3, name: 'Python desde cero' });

    const first = card('Python desde cero');
    expect(within(first).getByText('En curso')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(first).getByText('3 de 12 lecciones completadas')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Continuar/ })).toHaveAttribute('href', '/course/c-1?modulo=m2&leccion=l5');

    const second = card('Historia de Roma');
    expect(within(second).getByText('Escribiéndose')).toBeInTheDocument();
    expect(within(second).getByText('Modo demostración')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /Ver curso/ })).toHaveAttribute('href', '/course/c-2');
  });

  it('a failed course shows why and "Reintentar" starts it again through the retry route', async () => {
    const failed = summaryOf(aCourse({ estado: 'error', error: 'No pudimos escribir el esquema.' }));
    let retried = false;
    const api = fakeApi({
      ...me,
      'GET /courses/my-courses': () => ok([retried ? { ...failed, estado: 'generando', error: undefined } : failed]),
      'POST /courses/c-1/retry': () => {
        retried = true;
        return [200, { success: true, curso: { ...failed, estado: 'generando', error: undefined, jobId: 'j-2' }, jobId: 'j-2', message: 'Volvemos a generar tu curso' }];
      },
    });
    renderAt('/dashboard');
    expect(await screen.findByText('No pudimos escribir el esquema.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Reintentar/ }));
    await waitFor(() => expect(within(card('Python desde cero')).getByText('Escribiéndose')).toBeInTheDocument());
    expect(api.count('POST /courses/c-1/retry')).toBe(1);
  });

  it('while a course is generando the list refreshes by itself until it is ready', async () => {
    let calls = 0;
    fakeApi({
      ...me,
      'GET /courses/my-courses': () => ok([summaryOf(aCourse({ estado: ++calls > 2 ? 'listo' : 'generando' }))]),
    });
    renderAt('/dashboard');
    expect(await screen.findByText('Escribiéndose')).toBeInTheDocument();
    expect(await screen.findByText('Por empezar')).toBeInTheDocument();
  });

  it('with no courses, points to /generar', async () => {
    fakeApi({ ...me, 'GET /courses/my-courses': () => ok([]) });
    renderAt('/dashboard');
    expect(await screen.findByText('Aún no tienes cursos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generar mi primer curso' })).toHaveAttribute('href', '/generar');
  });

  it('shows one page of courses and "Ver más" loads the next with its cursor, until there is none (issue 13)', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => summaryOf(aCourse({ courseId: `c-${from + i}`, titulo: `Curso ${from + i}` })));
    const api = fakeApi({
      ...me,
      'GET /courses/my-courses': (call) => (call.path.includes('cursor=') ? ok(page(3, 2)) : [200, { success: true, data: page(1, 2), next: 'pagina 2' }]),
    });
    renderAt('/dashboard');
    await screen.findByRole('heading', { level: 3, name: 'Curso 1' });
    expect(screen.queryByRole('heading', { level: 3, name: 'Curso 3' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Curso 4' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Curso 1', 'Curso 2', 'Curso 3', 'Curso 4']);
    expect(api.calls.filter((c) => c.path.startsWith('/courses/my-courses')).map((c) => c.path)).toEqual(['/courses/my-courses', '/courses/my-courses?cursor=pagina%202']);
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('shows no "Ver más" when the first page is the whole list', async () => {
    fakeApi({ ...me, 'GET /courses/my-courses': () => ok([summaryOf(aCourse())]) });
    renderAt('/dashboard');
    await screen.findByRole('heading', { level: 3, name: 'Python desde cero' });
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('a list that fails all its automatic attempts says so in Spanish and can be asked again', async () => {
    let n = 0;
    fakeApi({ ...me, 'GET /courses/my-courses': () => (++n <= 3 ? [500, { success: false, message: 'Ha ocurrido un error inesperado.' }] : ok([])) });
    renderAt('/dashboard');
    expect(await screen.findByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(await screen.findByText('Aún no tienes cursos')).toBeInTheDocument();
  });
});
