import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, me, moduleOf, lesson, ok, renderAt, signedIn } from './fixtures';

// "Reportar pregunta" (issue 20) on the evaluation result screen and on a review card.

const question = (preguntaId: string, enunciado: string) => ({ preguntaId, enunciado, opciones: 'ABCD'.split('').map((opcion) => ({ opcion, texto: `Opción ${opcion}` })) });
const evaluation = { courseId: 'c-1', moduleId: 'm1', titulo: 'Evaluación', aprobarCon: 85, varianteId: 'v-1', intentosRestantesHoy: 2, preguntas: [question('q1', '¿Primera?'), question('q2', '¿Segunda?')] };
const failed = {
  intento: 1, score: 50, correctas: 1, total: 2, aprobado: false, intentosRestantesHoy: 1,
  resultados: [{ preguntaId: 'q1', enunciado: '¿Primera?', correcta: true, opcionElegida: 'A' }, { preguntaId: 'q2', enunciado: '¿Segunda?', correcta: false, opcionElegida: 'B' }],
};

function server(report: () => [number, unknown]) {
  return fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1')])] })),
    'POST /evaluacion/generate': () => ok(evaluation),
    'POST /courses/c-1/modules/m1/evaluation': () => ok(failed),
    'POST /evaluacion/reportar': report,
  });
}

async function resultScreen() {
  renderAt('/course/c-1?modulo=m1&evaluacion=1');
  const user = userEvent.setup();
  // One question at a time, then the review step (issue 34 item 3).
  await user.click(await screen.findByLabelText('A. Opción A'));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await user.click(screen.getByLabelText('B. Opción B'));
  await user.click(screen.getByRole('button', { name: 'Revisar respuestas' }));
  await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
  await screen.findByText('No aprobado esta vez.');
  // The grading call's overlay blocks Tab and Escape until it has faded out (SPEC §4).
  await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument());
  const second = screen.getAllByRole('listitem').find((li) => li.textContent?.includes('¿Segunda?')) as HTMLElement;
  return { user, second };
}

beforeEach(() => signedIn());

describe('Reportar pregunta', () => {
  it('reports a question of the result with a reason and a comment, then says so and cannot be sent again', async () => {
    const api = server(() => [200, { success: true, data: { reportada: true, retirada: true }, message: 'Gracias. No volverá a aparecer en tus evaluaciones y la revisaremos.' }]);
    const { user, second } = await resultScreen();
    await user.click(within(second).getByRole('button', { name: 'Reportar pregunta' }));
    const dialog = screen.getByRole('dialog', { name: 'Reportar pregunta' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige un motivo.');
    await user.click(within(dialog).getByLabelText('Ninguna opción es correcta'));
    await user.type(within(dialog).getByLabelText('Comentario (opcional)'), 'Las cuatro dicen lo mismo.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(second).findByText('Gracias. No volverá a aparecer en tus evaluaciones y la revisaremos.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Pregunta reportada' })).toBeDisabled();
    expect(api.calls.find((c) => c.path === '/evaluacion/reportar')?.body).toEqual({ courseId: 'c-1', moduleId: 'm1', preguntaId: 'q2', motivo: 'ninguna_correcta', detalle: 'Las cuatro dicen lo mismo.' });
  });

  it('says plainly that the question was already reported (409)', async () => {
    server(() => [409, { success: false, message: 'Ya reportaste esta pregunta. Gracias: la estamos revisando.' }]);
    const { user, second } = await resultScreen();
    await user.click(within(second).getByRole('button', { name: 'Reportar pregunta' }));
    await user.click(screen.getByLabelText('Hay más de una opción correcta'));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(second).findByText('Ya reportaste esta pregunta. Gracias: la estamos revisando.')).toBeInTheDocument();
  });

  it('closes with Escape or Cancelar, sends nothing, and gives the focus back to the button', async () => {
    const api = server(() => ok({ reportada: true, retirada: true }));
    const { user, second } = await resultScreen();
    const trigger = within(second).getByRole('button', { name: 'Reportar pregunta' });
    await user.click(trigger);
    expect(screen.getAllByRole('radio', { name: /./ }).some((r) => r === document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.count('POST /evaluacion/reportar')).toBe(0);
  });

  it('reports an evaluation card from review by its card id; a lesson card has no report button', async () => {
    const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
    const card = { cardId: 'a8d1c2e3-0000-4000-8000-000000000001', courseId: COURSE, moduleId: 'm01', tipo: 'opcion_multiple', origen: 'Evaluación: Variables', enunciado: '¿Qué guarda una variable?', opciones: [{ opcion: 'A', texto: 'Un bucle' }, { opcion: 'B', texto: 'Un valor' }], vence: '2026-11-23T10:00:00.000Z', repasos: 0 };
    const api = fakeApi({ ...me, 'GET /review/due': () => ok({ tarjetas: [card], pendientes: 1 }), 'POST /evaluacion/reportar': () => ok({ reportada: true, retirada: true }) });
    renderAt('/repaso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reportar pregunta' }));
    await user.click(screen.getByLabelText('El enunciado es confuso o ambiguo'));
    await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByRole('button', { name: 'Pregunta reportada' })).toBeDisabled();
    expect(api.calls.find((c) => c.path === '/evaluacion/reportar')?.body).toEqual({ courseId: COURSE, moduleId: 'm01', cardId: card.cardId, motivo: 'confusa' });
  });
});
