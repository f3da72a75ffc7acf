import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, aJob, lesson, me, moduleOf, ok, renderAt, signedIn } from './fixtures';

// The course page while the course waits for its outline (issue 15): the editor, its limits, and
// the edited outline sent to PUT /courses/{id}/outline.

beforeEach(() => signedIn());

type Sent = { modulos: { moduleId?: string; titulo: string; lecciones: { lessonId?: string; titulo: string }[] }[] };
/** The server's answer to a confirmed outline: the course generating, with the outline as kept (new parts get ids). */
const confirmed = (sent: Sent) => ({
  courseId: 'c-1',
  estado: 'generando' as const,
  modulos: sent.modulos.map((m, i) => ({ moduleId: m.moduleId ?? `m-nuevo-${i}`, titulo: m.titulo, lecciones: m.lecciones.map((l, j) => ({ lessonId: l.lessonId ?? `l-nuevo-${j}`, titulo: l.titulo })) })),
});

const inReview = () => aCourse({ estado: 'revisando_temario', modulos: [moduleOf('m01', [lesson('l01'), lesson('l02'), lesson('l03')]), moduleOf('m02', [lesson('l01'), lesson('l02')])] });

describe('the outline editor (course revisando_temario)', () => {
  it('keeps the course shape: no module or lesson below the minimum can be removed', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(inReview()) });
    renderAt('/course/c-1');
    expect(await screen.findByRole('heading', { name: 'Revisa el temario antes de generar' })).toBeInTheDocument();
    expect(screen.getByText('Revisando temario')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar el módulo 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Quitar la lección 1 del módulo 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Quitar la lección 1 del módulo 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Subir el módulo 1' })).toBeDisabled();
  });

  it('shows each module\'s objectives and the ones each lesson teaches (issue 32)', async () => {
    const course = inReview();
    course.modulos[0] = { ...course.modulos[0], objetivos: [{ id: 'o1', enunciado: 'Explica qué es una variable', bloom: 'comprender' }, { id: 'o2', enunciado: 'Aplica un bucle a una lista', bloom: 'aplicar' }], lecciones: course.modulos[0].lecciones.map((l, i) => ({ ...l, objetivos: [i === 1 ? 'o2' : 'o1'] })) };
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(course) });
    renderAt('/course/c-1');
    expect(await screen.findByText('Explica qué es una variable')).toBeInTheDocument();
    expect(screen.getByText('(Aplicar)')).toBeInTheDocument();
    expect(screen.getAllByTitle('Objetivos que enseña').map((e) => e.textContent)).toEqual(['o1', 'o2', 'o1']);
  });

  it('sends the renamed, reordered and trimmed outline, keeping the ids of what was kept', async () => {
    const api = fakeApi({ ...me, 'GET /courses/c-1': (_c, n) => ok(n === 1 ? inReview() : aCourse()), 'PUT /courses/c-1/outline': (c) => ok(confirmed(c.body as Sent)) });
    renderAt('/course/c-1');
    const title = await screen.findByRole('textbox', { name: 'Título del módulo 1' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Mis bases');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la lección 3 del módulo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bajar el módulo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar temario' }));
    await waitFor(() => expect(api.count('PUT /courses/c-1/outline')).toBe(1));
    const body = api.calls.find((c) => c.method === 'PUT')!.body as { modulos: { moduleId?: string; titulo: string; lecciones: { lessonId?: string }[] }[] };
    expect(body.modulos.map((m) => [m.moduleId, m.titulo, m.lecciones.map((l) => l.lessonId)])).toEqual([
      ['m02', 'Módulo m02', ['l01', 'l02']],
      ['m01', 'Mis bases', ['l01', 'l02']],
    ]);
    // Confirmed: the course is read again and shows its lessons.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Revisa el temario antes de generar' })).not.toBeInTheDocument());
  });

  it('offers no module or lesson beyond the size the course was asked with', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok({ ...inReview(), temario: { modulos: 2, leccionesPorModulo: 3 } }) });
    renderAt('/course/c-1');
    await screen.findByRole('heading', { name: 'Revisa el temario antes de generar' });
    expect(screen.getByRole('button', { name: '+ Añadir módulo' })).toBeDisabled();
    const [first, second] = screen.getAllByRole('button', { name: '+ Añadir lección' });
    expect(first).toBeDisabled();
    expect(second).toBeEnabled();
  });

  it('refuses a title shorter than 3 characters without calling the API', async () => {
    const api = fakeApi({ ...me, 'GET /courses/c-1': () => ok(inReview()) });
    renderAt('/course/c-1');
    const title = await screen.findByRole('textbox', { name: 'Título de la lección 1 del módulo 1' });
    await userEvent.clear(title);
    await userEvent.type(title, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar temario' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('al menos 3 caracteres');
    expect(api.count('PUT /courses/c-1/outline')).toBe(0);
  });

  it('a course read that came before the review began still ends at the editor: the job shows the wait, and the course is read again', async () => {
    // The pipeline stores the outline (the job moves, the page reads the course: still generando), then begins the
    // review. Only the job's revisandoTemario moves after that; without it the page waited forever (CI, 2026-12-01).
    const writing = aCourse({ estado: 'generando', modulos: inReview().modulos });
    const api = fakeApi({
      ...me,
      // Read on arrival, and again when the first job poll answers (a first answer is a move): both before the review.
      'GET /courses/c-1': (_c, n) => ok(n <= 2 ? writing : inReview()),
      'GET /jobs/j-1': (_c, n) => ok(aJob({ step: 'contenido', done: 2, total: 9, ...(n > 2 && { revisandoTemario: true as const, stepLabel: 'Esperando tu revisión del temario' }) })),
    });
    renderAt('/course/c-1');
    expect(await screen.findByRole('heading', { name: 'Revisa el temario antes de generar' })).toBeInTheDocument();
    expect(api.count('GET /courses/c-1')).toBe(3);
  });
});
