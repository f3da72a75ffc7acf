import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, aJob, aPlanSummary, me, moduleOf, lesson, ok, renderAt, signedIn } from './fixtures';

const evaluation = {
  courseId: 'c-1',
  moduleId: 'm1',
  titulo: 'Evaluación: Módulo m1',
  aprobarCon: 70,
  varianteId: 'v-1',
  intentosRestantesHoy: 4,
  preguntas: [
    { preguntaId: 'p1', enunciado: '¿Qué imprime print(2 + 2)?', opciones: [{ opcion: 'A', texto: '22' }, { opcion: 'B', texto: '4' }, { opcion: 'C', texto: 'Error' }, { opcion: 'D', texto: 'None' }] },
    { preguntaId: 'p2', enunciado: '¿Qué tipo tiene "hola"?', opciones: [{ opcion: 'A', texto: 'str' }, { opcion: 'B', texto: 'int' }, { opcion: 'C', texto: 'list' }, { opcion: 'D', texto: 'dict' }] },
  ],
};

const explained = (right: string, texts: string[]) =>
  texts.map((texto, i) => ({ opcion: 'ABCD'[i], texto, correcta: 'ABCD'[i] === right, explicacion: `Por qué ${texto}` }));
const graded = (aprobado: boolean) => ({
  intento: 1,
  score: aprobado ? 100 : 50,
  correctas: aprobado ? 2 : 1,
  total: 2,
  aprobado,
  intentosRestantesHoy: 3,
  resultados: aprobado
    ? [
        { preguntaId: 'p1', enunciado: '¿Qué imprime print(2 + 2)?', correcta: true, opcionElegida: 'B', revision: { opciones: explained('B', ['22', '4', 'Error', 'None']) } },
        { preguntaId: 'p2', enunciado: '¿Qué tipo tiene "hola"?', correcta: true, opcionElegida: 'A', revision: { opciones: explained('A', ['str', 'int', 'list', 'dict']) } },
      ]
    : [
        { preguntaId: 'p1', enunciado: '¿Qué imprime print(2 + 2)?', correcta: true, opcionElegida: 'B' },
        { preguntaId: 'p2', enunciado: '¿Qué tipo tiene "hola"?', correcta: false, opcionElegida: 'B', repasar: { lessonId: 'l1', leccion: 'Tipos de datos', seccion: 'Cadenas' } },
      ],
});

function server(aprobado: boolean) {
  return fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1')])] })),
    'POST /evaluacion/generate': () => ok(evaluation),
    'POST /courses/c-1/modules/m1/evaluation': () => ok(graded(aprobado)),
  });
}

beforeEach(() => signedIn());

type User = ReturnType<typeof userEvent.setup>;

/** Answers the questions shown one at a time (the labels in order; undefined leaves one blank), then opens the review step. */
async function answer(user: User, labels: (string | undefined)[]) {
  for (const [i, label] of labels.entries()) {
    if (label) await user.click(await screen.findByLabelText(label));
    await user.click(screen.getByRole('button', { name: i + 1 < labels.length ? 'Siguiente' : 'Revisar respuestas' }));
  }
  await screen.findByRole('heading', { name: 'Revisa tus respuestas antes de enviar' });
}

describe('module evaluation', () => {
  it('asks for the evaluation of the module and shows each question with options A–D', async () => {
    const api = server(true);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Evaluación del módulo' })).toBeInTheDocument();
    const q1 = await screen.findByRole('group', { name: '1. ¿Qué imprime print(2 + 2)?' });
    expect(within(q1).getAllByRole('radio')).toHaveLength(4);
    expect(within(q1).getByLabelText('B. 4')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/evaluacion/generate')?.body).toEqual({ courseId: 'c-1', moduleId: 'm1' });
  });

  it('will not submit until every question is answered', async () => {
    const api = server(true);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await answer(user, ['B. 4', undefined]);
    const check = screen.getByRole('heading', { name: 'Revisa tus respuestas antes de enviar' }).parentElement as HTMLElement;
    expect(check).toHaveTextContent('Te falta 1 de 2 por responder');
    const [first, second] = within(check).getAllByRole('listitem');
    expect(first).toHaveTextContent('B. 4');
    expect(second).toHaveTextContent('Sin responder');
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('Responde todas las preguntas antes de enviar (faltan 1).')).toBeInTheDocument();
    // "Responder" goes back to the question left blank.
    await user.click(within(second).getByRole('button', { name: 'Responder la pregunta 2' }));
    expect(await screen.findByRole('group', { name: '2. ¿Qué tipo tiene "hola"?' })).toBeInTheDocument();
    expect(screen.getByText('Pregunta 2 de 2')).toHaveFocus();
    expect(api.count('POST /courses/c-1/modules/m1/evaluation')).toBe(0);
  });

  it('after a failure, says which questions were wrong and where to review them, without the answers', async () => {
    const api = server(false);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await answer(user, ['B. 4', 'B. int']);
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));

    expect(await screen.findByText('50 %')).toBeInTheDocument();
    expect(screen.getByText('No aprobado esta vez.')).toBeInTheDocument();
    expect(screen.getByText(/1 de 2 respuestas correctas/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/courses/c-1/modules/m1/evaluation')?.body).toEqual({
      varianteId: 'v-1',
      answers: [{ preguntaId: 'p1', opcion: 'B' }, { preguntaId: 'p2', opcion: 'B' }],
    });
    const review = screen.getByRole('heading', { name: 'Qué repasar' }).parentElement as HTMLElement;
    const [first, second] = within(review).getAllByRole('listitem');
    expect(first).toHaveTextContent('✓ Correcta');
    expect(second).toHaveTextContent('✗ Incorrecta');
    expect(second).toHaveTextContent('Tu respuesta: B. int');
    // The study link lands on the section it names (the lesson's heading id, components/markdown.tsx).
    expect(within(second).getByRole('link', { name: 'la lección «Tipos de datos»' })).toHaveAttribute('href', '/course/c-1?modulo=m1&leccion=l1#seccion-cadenas');
    expect(second).toHaveTextContent('sección «Cadenas»');
    expect(review).not.toHaveTextContent(/Respuesta correcta|A\. str/);
    expect(screen.getByText('Te quedan 3 intentos hoy.')).toBeInTheDocument();
  });

  it('after a pass, explains every option of every question and marks the learner\'s choice', async () => {
    server(true);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await answer(user, ['B. 4', 'A. str']);
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('¡Aprobado! Has superado la evaluación.')).toBeInTheDocument();
    const options = screen.getByRole('list', { name: 'Opciones de la pregunta 2 explicadas' });
    const items = within(options).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('✓ Respuesta correcta');
    expect(items[0]).toHaveTextContent('A. str');
    expect(items[0]).toHaveTextContent('Tu respuesta');
    expect(items[1]).toHaveTextContent('✗ IncorrectaB. int');
    expect(items[1]).toHaveTextContent('Por qué int');
    const nav = screen.getByRole('navigation', { name: 'Contenido del curso' });
    expect(within(nav).getByText('Aprobada')).toBeInTheDocument();
  });

  it('a retry asks the server again for the questions (another variant) with the answers cleared', async () => {
    const api = server(false);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await answer(user, ['B. 4', 'B. int']);
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    await user.click(await screen.findByRole('button', { name: 'Intentar con otras preguntas' }));
    expect(await screen.findByLabelText('B. 4')).not.toBeChecked();
    expect(api.count('POST /evaluacion/generate')).toBe(2);
    expect(screen.getByText('Pregunta 1 de 2')).toBeInTheDocument();
  });

  it('with no attempts left today, says when to come back and does not submit', async () => {
    fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1')])] })),
      'POST /evaluacion/generate': () => ok({ ...evaluation, intentosRestantesHoy: 0, proximoIntentoEn: '2030-01-02T10:00:00.000Z' }),
    });
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const state = (await screen.findByText('Has usado los intentos de hoy para este módulo.')).parentElement as HTMLElement;
    expect(state).toHaveAttribute('role', 'status');
    expect(state).toHaveTextContent(/Tu próximo intento se abre el 2 de enero de 2030/);
    expect(within(state).getByRole('link', { name: 'Lección l1' })).toHaveAttribute('href', '/course/c-1?modulo=m1&leccion=l1');
    // Nothing answerable, nothing to send, no new questions to spend on.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /Enviar respuestas|Generar otras preguntas/ })).toBeNull();
  });

  it('while the course is still written and the evaluation is pending, it says so instead of asking', async () => {
    const api = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ estado: 'generando', modulos: [moduleOf('m1', [lesson('l1')], { evaluacion: { estado: 'pendiente', preguntas: 0, intentos: [], aprobada: false, aprobarCon: 70 } })] })),
      'GET /jobs/j-1': () => ok(aJob({ step: 'contenido', stepLabel: 'Escribiendo', done: 1, total: 4 })),
    });
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    expect(await screen.findByText(/Estamos preparando las preguntas de este módulo/)).toBeInTheDocument();
    expect(api.count('POST /evaluacion/generate')).toBe(0);
  });
});

describe('another version of the evaluation', () => {
  it('says one limit, the attempts, in words; "Generar otras preguntas" asks for a new bank with regenerar and is off once the variants run out', async () => {
    let asked = 0;
    const api = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1')])] })),
      'GET /payments/plan': () => ok(aPlanSummary({ variantesEvaluacion: asked }, 1)),
      'POST /evaluacion/generate': (call) => {
        if ((call.body as { regenerar?: boolean }).regenerar) asked += 1;
        return ok({ ...evaluation, varianteId: `v-${asked + 1}`, preguntas: asked ? [{ ...evaluation.preguntas[0], enunciado: '¿Cuánto es 3 * 3?' }] : evaluation.preguntas });
      },
    });
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    expect(await screen.findByText('2 preguntas, de una en una. Apruebas con un 70 % de aciertos. Hoy te quedan 4 intentos para este módulo.')).toBeInTheDocument();
    expect(screen.queryByText(/variantes? de evaluación/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generar otras preguntas' }));
    expect(await screen.findByRole('group', { name: '1. ¿Cuánto es 3 * 3?' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/evaluacion/generate').map((c) => c.body)).toContainEqual({ courseId: 'c-1', moduleId: 'm1', regenerar: true });
    expect(await screen.findByText('No te quedan variantes de evaluación hoy. Vuelve mañana o mejora tu plan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generar otras preguntas' })).toBeDisabled();
  });
});

describe('one question at a time', () => {
  it('shows where the learner is and how many are answered; Anterior and Siguiente keep the answers', async () => {
    server(true);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    expect(await screen.findByText('Pregunta 1 de 2')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^2\./ })).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Preguntas respondidas' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByLabelText('B. 4'));
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('1 respondida')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Pregunta 2 de 2')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Revisar respuestas' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByLabelText('B. 4')).toBeChecked();
  });
});
