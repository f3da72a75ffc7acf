import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { me, ok, renderAt, signedIn } from '../courses/fixtures';

beforeEach(() => signedIn());

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const choice = {
  cardId: `${COURSE}.m01.p3`, courseId: COURSE, moduleId: 'm01', tipo: 'opcion_multiple', origen: 'Evaluación: Variables',
  enunciado: '¿Qué guarda una variable?', opciones: [{ opcion: 'A', texto: 'Un bucle' }, { opcion: 'B', texto: 'Un valor' }], vence: '2026-11-23T10:00:00.000Z', repasos: 0,
};
const open = { cardId: `${COURSE}.m01.l01.q1`, courseId: COURSE, moduleId: 'm01', lessonId: 'l01', tipo: 'abierta', origen: 'Lección: Variables', enunciado: '¿Puede cambiar?', vence: '2026-11-23T11:00:00.000Z', repasos: 0 };
const choiceSolution = { cardId: choice.cardId, acierto: false, respuesta: 'B. Un valor', explicacion: 'Una variable nombra un valor.', opciones: [{ opcion: 'A', texto: 'Un bucle', correcta: false }, { opcion: 'B', texto: 'Un valor', correcta: true }] };
const openSolution = { cardId: open.cardId, respuesta: 'Sí, al reasignarla.', explicacion: 'Si dudas, vuelve a la lección «Variables».' };
const summary = (pendientes: number, hechas: number, dias: number) => ok({ pendientes, metaSemanal: { meta: 5, hechas, cumplida: hechas >= 5 }, racha: { dias, hoy: dias > 0 }, zonaHoraria: 'UTC' });

describe('/repaso', () => {
  it('question → answer and explanation → rating with the keyboard (3 = Bien) → next card → the end', async () => {
    const api = fakeApi({
      ...me,
      'GET /review/due': () => ok({ tarjetas: [choice, open], pendientes: 2 }),
      [`POST /review/${choice.cardId}/reveal`]: () => ok(choiceSolution),
      [`POST /review/${choice.cardId}`]: () => ok({ tarjeta: { ...choice, repasos: 1 }, proximoRepaso: '2026-11-26T10:00:00.000Z', solucion: choiceSolution }),
      [`POST /review/${open.cardId}/reveal`]: () => ok(openSolution),
      [`POST /review/${open.cardId}`]: () => ok({ tarjeta: { ...open, repasos: 1 }, proximoRepaso: '2026-11-24T11:00:00.000Z', solucion: openSolution }),
    });
    renderAt('/repaso');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: '¿Qué guarda una variable?' })).toBeInTheDocument();
    // Nothing tells the answer before the learner answers.
    expect(screen.queryByText(/Respuesta:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /A\. Un bucle/ }));
    expect(await screen.findByText('No es correcta.')).toBeInTheDocument();
    expect(screen.getByText('Una variable nombra un valor.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/reveal'))?.body).toEqual({ opcion: 'A' });
    await user.keyboard('3');
    expect(await screen.findByRole('heading', { name: '¿Puede cambiar?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar respuesta' }));
    expect(await screen.findByText('Sí, al reasignarla.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Otra vez/ }));
    expect(await screen.findByText('¡Sesión terminada! Repasaste 2 preguntas.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && !c.path.endsWith('/reveal')).map((c) => c.body)).toEqual([{ calificacion: 'bien', repasos: 0 }, { calificacion: 'otra_vez', repasos: 0 }]);
  });

  it('an evaluation card of a module not passed: no verdict and no answer, where to study and a link to the lesson (issue 20)', async () => {
    const locked = { ...choice, cardId: 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e1b', lessonId: 'l02' };
    fakeApi({
      ...me,
      'GET /review/due': () => ok({ tarjetas: [locked], pendientes: 1 }),
      [`POST /review/${locked.cardId}/reveal`]: () => ok({ cardId: locked.cardId, bloqueada: true, respuesta: '', explicacion: 'Verás la respuesta cuando apruebes la evaluación de este módulo. Mientras tanto, repasa la lección «Bucles».', repasar: { lessonId: 'l02', leccion: 'Bucles' } }),
    });
    renderAt('/repaso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /A\. Un bucle/ }));
    expect(await screen.findByText('La respuesta se desbloquea al aprobar la evaluación.')).toBeInTheDocument();
    expect(screen.queryByText(/Respuesta:|¡Correcto!|No es correcta/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la lección' })).toHaveAttribute('href', `/course/${COURSE}?modulo=m01&leccion=l02`);
  });

  it('with nothing due, says so and points back to the courses', async () => {
    fakeApi({ ...me, 'GET /review/due': () => ok({ tarjetas: [], pendientes: 0 }) });
    renderAt('/repaso');
    expect(await screen.findByText('No tienes preguntas pendientes de repaso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mis cursos' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('dashboard: Repaso de hoy, Meta semanal, Racha', () => {
  it('shows the cards due, the goal with its progress and the streak, asking in the browser\'s time zone', async () => {
    const api = fakeApi({ ...me, 'GET /courses/my-courses': () => ok([]), 'GET /review/summary': () => summary(4, 3, 2) });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Repaso de hoy' })).toBeInTheDocument();
    expect(screen.getByTestId('repaso-pendientes')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Empezar repaso' })).toHaveAttribute('href', '/repaso');
    expect(screen.getByRole('progressbar', { name: 'Progreso de la meta semanal' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('días seguidos')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.find((c) => c.path.startsWith('/review/summary'))?.path).toMatch(/\?tz=[\w%]+/));
  });

  it('shows no row of zeros to a learner with no course yet: the empty state comes first', async () => {
    const api = fakeApi({ ...me, 'GET /courses/my-courses': () => ok([]), 'GET /review/summary': () => summary(0, 0, 0) });
    renderAt('/dashboard');
    expect(await screen.findByText('Aún no tienes cursos')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/review/summary'))).toBe(true));
    await act(() => new Promise((settled) => setTimeout(settled, 50))); // the answer rendered (the test fails without `newcomer`)
    expect(screen.queryByRole('heading', { name: 'Repaso de hoy' })).not.toBeInTheDocument();
  });
});
