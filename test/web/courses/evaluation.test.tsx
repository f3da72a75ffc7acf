import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, me, moduleOf, lesson, ok, renderAt, signedIn } from './fixtures';

const evaluation = {
  courseId: 'c-1',
  moduleId: 'm1',
  titulo: 'Evaluación: Módulo m1',
  aprobarCon: 70,
  preguntas: [
    { preguntaId: 'p1', enunciado: '¿Qué imprime print(2 + 2)?', opciones: [{ opcion: 'A', texto: '22' }, { opcion: 'B', texto: '4' }, { opcion: 'C', texto: 'Error' }, { opcion: 'D', texto: 'None' }] },
    { preguntaId: 'p2', enunciado: '¿Qué tipo tiene "hola"?', opciones: [{ opcion: 'A', texto: 'str' }, { opcion: 'B', texto: 'int' }, { opcion: 'C', texto: 'list' }, { opcion: 'D', texto: 'dict' }] },
  ],
};

const graded = (aprobado: boolean) => ({
  intento: 1,
  score: aprobado ? 100 : 50,
  correctas: aprobado ? 2 : 1,
  total: 2,
  aprobado,
  resultados: [
    { preguntaId: 'p1', correcta: true, opcionElegida: 'B', opcionCorrecta: 'B', explicacion: 'La suma de enteros da 4.' },
    { preguntaId: 'p2', correcta: aprobado, opcionElegida: aprobado ? 'A' : 'B', opcionCorrecta: 'A', explicacion: 'Las comillas crean una cadena (str).' },
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
    await user.click(await screen.findByLabelText('B. 4'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('Responde todas las preguntas antes de enviar (faltan 1).')).toBeInTheDocument();
    expect(api.count('POST /courses/c-1/modules/m1/evaluation')).toBe(0);
  });

  it('submits the answers and shows the score, passed, and per question right or wrong with the explanation', async () => {
    const api = server(false);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('B. 4'));
    await user.click(screen.getByLabelText('B. int'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));

    expect(await screen.findByText('50 %')).toBeInTheDocument();
    expect(screen.getByText('No aprobado esta vez.')).toBeInTheDocument();
    expect(screen.getByText(/1 de 2 respuestas correctas/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/courses/c-1/modules/m1/evaluation')?.body).toEqual({
      answers: [{ preguntaId: 'p1', opcion: 'B' }, { preguntaId: 'p2', opcion: 'B' }],
    });
    const review = screen.getByRole('heading', { name: 'Revisa tus respuestas' }).nextElementSibling as HTMLElement;
    const [first, second] = within(review).getAllByRole('listitem');
    expect(first).toHaveTextContent('✓ Correcta');
    expect(second).toHaveTextContent('✗ Incorrecta');
    expect(second).toHaveTextContent('Tu respuesta: B. int');
    expect(second).toHaveTextContent('Respuesta correcta: A. str');
    expect(second).toHaveTextContent('Las comillas crean una cadena (str).');
  });

  it('a pass is celebrated and marks the module evaluation as approved in the outline', async () => {
    server(true);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('B. 4'));
    await user.click(screen.getByLabelText('A. str'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('¡Aprobado! Has superado la evaluación.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Contenido del curso' });
    expect(within(nav).getByText('Aprobada')).toBeInTheDocument();
  });

  it('"Intentar de nuevo" clears the answers for another attempt', async () => {
    server(false);
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('B. 4'));
    await user.click(screen.getByLabelText('B. int'));
    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    await user.click(await screen.findByRole('button', { name: 'Intentar de nuevo' }));
    expect(screen.getByLabelText('B. 4')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Enviar respuestas' })).toBeInTheDocument();
  });

  it('while the course is still written and the evaluation is pending, it says so instead of asking', async () => {
    const api = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ estado: 'generando', modulos: [moduleOf('m1', [lesson('l1')], { evaluacion: { estado: 'pendiente', preguntas: 0, intentos: [], aprobada: false, aprobarCon: 70 } })] })),
      'GET /jobs/j-1': () => ok({ jobId: 'j-1', courseId: 'c-1', status: 'en_proceso', step: 'contenido', stepLabel: 'Escribiendo', done: 1, total: 4 }),
    });
    renderAt('/course/c-1?modulo=m1&evaluacion=1');
    expect(await screen.findByText(/Estamos preparando las preguntas de este módulo/)).toBeInTheDocument();
    expect(api.count('POST /evaluacion/generate')).toBe(0);
  });
});
