import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { learnerState } from '../../../web/src/features/course/course-badges';
import { notify } from '../../../web/src/lib/notify';
import { fakeApi } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, saved, signedIn, summaryOf } from './fixtures';

// Issue 34: the lesson first on the course page (the course's own actions in one menu), course
// states a learner reads right, the next step when it is not a lesson, and finishing a module or a
// course as a moment with its certificate.

beforeEach(() => signedIn());
afterEach(() => jest.restoreAllMocks());

/** The course's loading overlay blocks Escape (SPEC §4) until it is removed, 300 ms after the read. */
const overlayGone = () => waitFor(() => expect(screen.queryByText('Cargando datos de la clase...')).not.toBeInTheDocument());

const passed = { estado: 'lista' as const, preguntas: 2, intentos: [{ intento: 1, score: 90, aprobado: true, fecha: '2026-01-02T00:00:00.000Z' }], aprobada: true, aprobarCon: 70 };
const done = (id: string) => lesson(id, { progreso: 'completado' });
const CERT = { certificateId: 'cert-1', tipo: 'curso', sourceId: 'c-1', titulo: 'Python desde cero', fecha: '2026-01-03T00:00:00.000Z', estado: 'valido', verificacion: '/certificados/cert-1' };
const progress = (moduleId: string, lessonId: string, modulos: { moduleId: string; completadas: number; total: number }[]) => ({
  courseId: 'c-1',
  progreso: { completadas: modulos.reduce((n, m) => n + m.completadas, 0), total: modulos.reduce((n, m) => n + m.total, 0), porcentaje: 100 },
  modulos: modulos.map(({ moduleId: id, completadas, total }) => ({ moduleId: id, progreso: { completadas, total, porcentaje: Math.round((completadas / total) * 100) } })),
  leccion: { moduleId, lessonId, estado: 'completado' },
});

describe('the course page puts the lesson first', () => {
  it('shows the lesson with no sharing or SCORM cards before it; they open from "Opciones del curso" and Escape closes it', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse()), 'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId) });
    renderAt('/course/c-1');
    // The first test of the file also loads the lazy course page: room for a loaded machine.
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l1' }, { timeout: 15_000 })).toBeInTheDocument();
    await overlayGone();
    expect(screen.queryByRole('button', { name: 'Compartir por enlace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar paquete SCORM' })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Opciones del curso' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Compartir por enlace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Usar en el aula virtual de tu centro' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Compartir por enlace' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
    // The tutor is one button on screen at any scroll position, never over the lesson: a bar fixed to a phone's
    // bottom (the page keeps its height free, data-tutor-bar), in the sticky column under the outline from lg up.
    const tutor = screen.getByRole('button', { name: /Preguntar al tutor/ });
    expect(tutor.closest('aside')).toHaveAttribute('data-tutor-bar');
    expect(tutor.closest('aside')).toHaveClass('fixed', 'bottom-0', 'lg:static');
    expect(tutor.closest('.lg\\:sticky')).toContainElement(screen.getByRole('navigation', { name: 'Contenido del curso' }));
  });

  it('says a written course is to start, under way or completed, never "Listo"', () => {
    const base = summaryOf(aCourse());
    expect(learnerState(base)).toBe('por_empezar');
    expect(learnerState({ ...base, ultimaLeccion: { moduleId: 'm1', lessonId: 'l1' } })).toBe('en_curso');
    expect(learnerState({ ...base, progreso: { completadas: 3, total: 3, porcentaje: 100 } })).toBe('en_curso');
    expect(learnerState(base, true)).toBe('completado');
    expect(learnerState({ ...base, estado: 'generando' })).toBe('escribiendo');
  });

  it('when a module\'s lessons are done, its evaluation is the next step shown first', async () => {
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [done('l1'), done('l2')]), moduleOf('m2', [lesson('l3')])], ultimaLeccion: { moduleId: 'm1', lessonId: 'l2' } })) });
    renderAt('/course/c-1');
    const next = await screen.findByRole('region', { name: 'Siguiente paso: la evaluación del módulo 1' });
    expect(within(next).getByRole('link', { name: 'Hacer la evaluación' })).toHaveAttribute('href', '/course/c-1?modulo=m1&evaluacion=1');
  });
});

describe('a finished course', () => {
  it('says "Completado" with the certificate first, and 100 % on one line', async () => {
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [done('l1')], { evaluacion: passed })] })),
      'GET /certificates': () => ok([CERT]),
    });
    renderAt('/course/c-1');
    const card = await screen.findByRole('region', { name: /Curso completado/ });
    expect(await within(card).findByRole('link', { name: 'Ver mi certificado' })).toHaveAttribute('href', '/certificados/cert-1');
    expect(screen.getAllByText('Completado')[0]).toBeInTheDocument();
    expect(screen.getByText('100 %')).toHaveClass('whitespace-nowrap');
  });

  it('on the dashboard: a completed card with its certificate and a way to review', async () => {
    const finished = summaryOf(aCourse(), { progreso: { completadas: 3, total: 3, porcentaje: 100 }, ultimaLeccion: { moduleId: 'm2', lessonId: 'l3' } });
    const other = summaryOf(aCourse({ courseId: 'c-2', titulo: 'Historia de Roma' }), { progreso: { completadas: 3, total: 3, porcentaje: 100 } });
    fakeApi({ ...me, 'GET /courses/my-courses': () => ok([finished, other]), 'GET /certificates': () => ok([CERT]) });
    renderAt('/dashboard');
    const card = (await screen.findByRole('heading', { level: 3, name: 'Python desde cero' })).closest('li') as HTMLElement;
    expect(await within(card).findByText('Completado')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Ver certificado/ })).toHaveAttribute('href', '/certificados/cert-1');
    expect(within(card).getByRole('link', { name: /Repasar/ })).toHaveAttribute('href', '/course/c-1?modulo=m2&leccion=l3');
    expect(within(card).queryByRole('link', { name: /Continuar/ })).not.toBeInTheDocument();
    // Every lesson done but no certificate (an evaluation left): still under way.
    const roma = screen.getByRole('heading', { level: 3, name: 'Historia de Roma' }).closest('li') as HTMLElement;
    expect(within(roma).getByText('En curso')).toBeInTheDocument();
  });
});

describe('finishing is a moment', () => {
  it('the lesson that finishes a module celebrates the module instead of a toast', async () => {
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [done('l1'), lesson('l2', { progreso: 'en_curso' })], { evaluacion: passed }), moduleOf('m2', [lesson('l3')])] })),
      'POST /courses/c-1/progress': () => saved(progress('m1', 'l2', [{ moduleId: 'm1', completadas: 2, total: 2 }, { moduleId: 'm2', completadas: 0, total: 1 }])),
    });
    const toasts = jest.spyOn(notify, 'success');
    renderAt('/course/c-1?modulo=m1&leccion=l2');
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    const moment = await screen.findByText('¡Módulo completado!');
    expect(moment.closest('[role="status"]')).toHaveTextContent('Terminaste «Módulo m1» y aprobaste su evaluación.');
    expect(toasts).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText('¡Módulo completado!')).not.toBeInTheDocument();
  });

  it('the lesson that finishes the course celebrates it with the certificate the answer issued, not a toast', async () => {
    let issued = false;
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1', { progreso: 'en_curso' })], { evaluacion: passed })] })),
      'POST /courses/c-1/progress': () => {
        issued = true;
        return [200, { success: true, message: 'Progreso guardado', data: progress('m1', 'l1', [{ moduleId: 'm1', completadas: 1, total: 1 }]), certificados: [{ certificateId: 'cert-1', tipo: 'curso', titulo: 'Python desde cero', verificacion: '/certificados/cert-1' }] }];
      },
      'GET /certificates': () => ok(issued ? [CERT] : []),
    });
    const toasts = jest.spyOn(notify, 'success');
    renderAt('/course/c-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    const moment = (await screen.findByText('¡Curso completado!')).closest('[role="status"]') as HTMLElement;
    await waitFor(() => expect(within(moment).getByRole('link', { name: 'Ver mi certificado' })).toHaveAttribute('href', '/certificados/cert-1'));
    expect(toasts).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: /Curso completado/ })).toBeInTheDocument();
  });
});

describe('a revoked certificate', () => {
  it('names no one and says no one completed it (the name goes with the account)', async () => {
    fakeApi({ ...me, 'GET /certificados/cert-1': () => ok({ certificateId: 'cert-1', titulo: 'Python desde cero', tipo: 'curso', fecha: CERT.fecha, valido: false, estado: 'revocado', revocadoEn: '2026-02-01T00:00:00.000Z' }) });
    renderAt('/certificados/cert-1');
    expect(await screen.findByText('Certificado revocado', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Python desde cero')).toBeInTheDocument();
    expect(screen.queryByText(/completó/)).not.toBeInTheDocument();
    expect(screen.getByText('Curso')).toBeInTheDocument();
  });
});
