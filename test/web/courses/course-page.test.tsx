import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, aJob, aPlanSummary, courseBeingWritten, WRITTEN_LESSON, currentPath, lesson, me, moduleOf, ok, progressAnswer, renderAt, saved, signedIn } from './fixtures';

beforeEach(() => signedIn());

const progressOf = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow');

describe('/course/:courseId', () => {
  it('shows the modules and lessons and opens the first lesson rendered from Markdown', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse()), 'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId) });
    renderAt('/course/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Contenido del curso' });
    expect(within(nav).getByText('Módulo m1')).toBeInTheDocument();
    expect(within(nav).getAllByRole('link', { name: /Evaluación del módulo/ })).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Lección l1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'l1' })).toBeInTheDocument();
    expect(screen.getByText('Texto de la lección l1.')).toBeInTheDocument();
  });

  it('highlights code blocks and never injects HTML written by the model', async () => {
    const contenido = '```python\n# suma\nx = 1 + 2\nprint("hola")\n```\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[malo](javascript:alert(3))';
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido })])] })), 'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId) });
    const { container } = renderAt('/course/c-1');
    await screen.findByRole('heading', { level: 2, name: 'Lección l1' });
    const code = container.querySelector('pre code[data-language="python"]')!;
    expect(code).not.toBeNull();
    expect(code.querySelector('[data-token="comment"]')).toHaveTextContent('# suma');
    expect(code.querySelector('[data-token="string"]')).toHaveTextContent('"hola"');
    expect(container.querySelector('script, img[onerror], [onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('opening a ready lesson marks it en curso once, quietly', async () => {
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse()),
      'POST /courses/c-1/progress': () =>
        saved({ courseId: 'c-1', progreso: { completadas: 0, total: 3, porcentaje: 0 }, modulos: [], leccion: { moduleId: 'm1', lessonId: 'l1', estado: 'en_curso' } }),
    });
    renderAt('/course/c-1');
    await screen.findByRole('heading', { level: 2, name: 'Lección l1' });
    await waitFor(() => expect(server.count('POST /courses/c-1/progress')).toBe(1));
    expect(server.calls.find((c) => c.path === '/courses/c-1/progress')?.body).toEqual({ moduleId: 'm1', lessonId: 'l1', estado: 'en_curso' });
  });

  it('"Marcar como completada" saves the progress and shows the server\'s module and course percentages', async () => {
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1', { progreso: 'en_curso' }), lesson('l2')]), moduleOf('m2', [lesson('l3')])] })),
      'POST /courses/c-1/progress': () =>
        saved({
          courseId: 'c-1',
          progreso: { completadas: 1, total: 3, porcentaje: 33 },
          modulos: [{ moduleId: 'm1', progreso: { completadas: 1, total: 2, porcentaje: 50 } }, { moduleId: 'm2', progreso: { completadas: 0, total: 1, porcentaje: 0 } }],
          leccion: { moduleId: 'm1', lessonId: 'l1', estado: 'completado' },
        }),
    });
    renderAt('/course/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    expect(await screen.findByText('Lección completada')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/courses/c-1/progress').map((c) => c.body)).toEqual([{ moduleId: 'm1', lessonId: 'l1', estado: 'completado' }]);
    expect(progressOf('Progreso del curso')).toBe('33');
    expect(progressOf('Progreso del módulo 1')).toBe('50');
    expect(screen.getByRole('link', { name: /Lección l1 \(completada\)/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Siguiente lección' })).toHaveAttribute('href', '/course/c-1?modulo=m1&leccion=l2');
  });

  it('while the course is generando: a skeleton for unwritten lessons, the job progress, and the lesson appears when written', async () => {
    const { writing, written } = courseBeingWritten();
    let ready = false;
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(ready ? written : writing),
      'GET /jobs/j-1': (_c, n) => ok(n < 3 ? aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 1, total: 4 }) : aJob({ status: 'completado', step: 'completado', stepLabel: 'Curso listo', done: 4, total: 4 })),
      'POST /courses/c-1/progress': () => saved({ courseId: 'c-1', progreso: { completadas: 0, total: 1, porcentaje: 0 }, modulos: [], leccion: { moduleId: 'm1', lessonId: 'l1', estado: 'en_curso' } }),
    });
    renderAt('/course/c-1');
    expect(await screen.findByText('Estamos escribiendo esta lección. Aparecerá aquí en cuanto esté lista.')).toBeInTheDocument();
    expect(screen.getByText('Creando tu curso personalizado...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lección l1 \(generándose\)/ })).toBeInTheDocument();
    expect(server.count('POST /courses/c-1/progress')).toBe(0);
    ready = true;
    expect(await screen.findByText(WRITTEN_LESSON)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Creando tu curso personalizado...')).not.toBeInTheDocument());
  });

  it('says "Modo demostración" on courses written by the offline writer', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse({ modo: 'demostracion' })), 'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId) });
    renderAt('/course/c-1');
    expect(await screen.findByRole('note')).toHaveTextContent('Modo demostración: contenido de ejemplo, escrito sin IA.');
  });

  it('"Regenerar lección" follows the lesson job and then shows the content the server wrote', async () => {
    let written = false;
    let polls = 0;
    const rewritten = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: 'Versión nueva de la lección.', progreso: 'en_curso' }), lesson('l2')]), moduleOf('m2', [lesson('l3')])] });
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(written ? rewritten : aCourse()),
      'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
      'POST /lesson/generate': () => [202, { success: true, jobId: 'j-9', message: 'Estamos escribiendo la lección de nuevo' }],
      // The job is still writing on the first poll, finished on the second.
      'GET /jobs/j-9': () => {
        written = ++polls > 1;
        return ok(written
          ? aJob({ jobId: 'j-9', kind: 'leccion', status: 'completado', step: 'completado', result: { kind: 'leccion', courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' } })
          : aJob({ jobId: 'j-9', kind: 'leccion', step: 'contenido' }));
      },
    });
    renderAt('/course/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Regenerar lección' }));
    expect(await screen.findByText('Versión nueva de la lección.')).toBeInTheDocument();
    expect(polls).toBe(2);
    expect(server.calls.find((c) => c.path === '/lesson/generate')?.body).toEqual({ courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' });
  });

  it('a lesson the pipeline could not write says so and offers "Reintentar" for that lesson alone', async () => {
    const failed = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { estado: 'error', contenido: undefined }), lesson('l2')])] });
    const fixed = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: 'La lección, por fin escrita.' }), lesson('l2')])] });
    let written = false;
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(written ? fixed : failed),
      'POST /lesson/generate': () => [202, { success: true, jobId: 'j-9', message: 'Estamos escribiendo la lección de nuevo' }],
      'GET /jobs/j-9': () => {
        written = true;
        return ok(aJob({ jobId: 'j-9', kind: 'leccion', status: 'completado', step: 'completado', result: { kind: 'leccion', courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' } }));
      },
    });
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    expect(await screen.findByText(/No pudimos escribir esta lección/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('La lección, por fin escrita.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === '/lesson/generate')?.body).toEqual({ courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' });
  });

  it('shows the regenerations left today next to "Reintentar" and reads the figure again after the retry', async () => {
    const failed = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { estado: 'error', contenido: undefined }), lesson('l2')])] });
    const fixed = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: 'La lección, por fin escrita.' }), lesson('l2')])] });
    let used = 1;
    fakeApi({
      ...me,
      'GET /payments/plan': () => ok(aPlanSummary({ regeneraciones: used })),
      'GET /courses/c-1': () => ok(used > 1 ? fixed : failed),
      'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
      'POST /lesson/generate': () => (used++, [202, { success: true, jobId: 'j-9', message: 'Estamos escribiendo la lección de nuevo' }]),
      'GET /jobs/j-9': () => ok(aJob({ jobId: 'j-9', kind: 'leccion', status: 'completado', step: 'completado', result: { kind: 'leccion', courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' } })),
    });
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    expect(await screen.findByText('Te quedan 4 regeneraciones hoy')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('La lección, por fin escrita.')).toBeInTheDocument();
    expect(await screen.findByText('Te quedan 3 regeneraciones hoy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerar lección' })).toBeInTheDocument();
  });

  it('with no regenerations left today the lesson says so in words', async () => {
    fakeApi({
      ...me,
      'GET /payments/plan': () => ok(aPlanSummary({ regeneraciones: 5 })),
      'GET /courses/c-1': () => ok(aCourse()),
      'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
    });
    renderAt('/course/c-1');
    expect(await screen.findByText('No te quedan regeneraciones hoy. Vuelve mañana o mejora tu plan.')).toBeInTheDocument();
  });

  it('follows ?modulo=&leccion= and the next-lesson link', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse()), 'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId) });
    renderAt('/course/c-1?modulo=m1&leccion=l2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l2' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Lección l3 →' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l3' })).toHaveFocus();
    expect(currentPath()).toBe('/course/c-1?modulo=m2&leccion=l3');
  });

  it('an unknown course says so in Spanish and links back to the dashboard', async () => {
    fakeApi({ ...me, 'GET /courses/nada': () => [404, { success: false, message: 'No encontramos ese curso.' }] });
    renderAt('/course/nada');
    expect(await screen.findByRole('heading', { name: 'No encontramos ese curso' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mis cursos' })).toHaveAttribute('href', '/dashboard');
  });

  it('an address that holds no course id (the server answers 400) is a course not found, with nothing to retry', async () => {
    fakeApi({ ...me, 'GET /courses/no-existe': () => [400, { success: false, message: 'El curso no es válido' }] });
    renderAt('/course/no-existe');
    expect(await screen.findByRole('heading', { name: 'No encontramos ese curso' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volver a intentarlo' })).not.toBeInTheDocument();
  });

  it('a failed course shows its Spanish error and retries through the retry route', async () => {
    let retried = false;
    const server = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(retried ? aCourse({ estado: 'generando', jobId: 'j-2' }) : aCourse({ estado: 'error', error: 'El modelo no respondió a tiempo.' })),
      'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
      'POST /courses/c-1/retry': () => {
        retried = true;
        return [200, { success: true, curso: { ...aCourse(), estado: 'generando', jobId: 'j-2' }, jobId: 'j-2', message: 'Volvemos a generar tu curso' }];
      },
      'GET /jobs/j-2': () => ok(aJob({ jobId: 'j-2', step: 'contenido', done: 2, total: 9 })),
    });
    renderAt('/course/c-1');
    const alert = (await screen.findByText('El modelo no respondió a tiempo.')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('La generación del curso falló');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('2/9')).toBeInTheDocument();
    expect(server.count('POST /courses/c-1/retry')).toBe(1);
  });

  it('shows the retries left today beside the retry button, from the plan summary', async () => {
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ estado: 'error', error: 'El modelo no respondió a tiempo.' })),
      'GET /payments/plan': () => ok(aPlanSummary({ reintentos: 1 }, 3)),
    });
    renderAt('/course/c-1');
    const alert = (await screen.findByText('El modelo no respondió a tiempo.')).closest('[role="alert"]') as HTMLElement;
    expect(await within(alert).findByText('Te quedan 2 reintentos hoy')).toBeInTheDocument();
  });

  it('says plainly when no retry is left today', async () => {
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ estado: 'error', error: 'El modelo no respondió a tiempo.' })),
      'GET /payments/plan': () => ok(aPlanSummary({ reintentos: 3 }, 3)),
    });
    renderAt('/course/c-1');
    expect(await screen.findByText('No te quedan reintentos hoy. Vuelve mañana o mejora tu plan.')).toBeInTheDocument();
  });
});
