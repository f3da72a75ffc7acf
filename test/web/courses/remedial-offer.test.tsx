import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { EvaluationResult, RemedialPiece } from '../../../lambdas/contract';
import { polling } from '../../../web/src/lib/polling';
import { gradingPoll } from '../../../web/src/features/practice/use-grading';
import { RemedialOffer } from '../../../web/src/features/course/remedial-offer';
import { fakeApi } from '../fake-api';
import { aJob, ok, signedIn } from './fixtures';

// Issue 32 item 4: the result offers a Refuerzo guiado for the objectives left short, written by a job the
// web follows; practice is corrected at once; the next module is recommended only once this one is mastered.

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const OPEN = `POST /courses/${COURSE}/modules/m01/refuerzo`;
const objective = (id: string, domina: boolean) => ({ id, enunciado: `Objetivo ${id}`, bloom: 'aplicar' as const, correctas: domina ? 3 : 1, total: 3, domina, conceptosErroneos: [], repasar: [] });
const result = (aprobado: boolean, objetivos: EvaluationResult['objetivos']): EvaluationResult => ({ intento: 1, score: aprobado ? 100 : 30, correctas: 3, total: 7, aprobado, intentosRestantesHoy: 2, resultados: [], objetivos });
const PIECE: RemedialPiece = {
  courseId: COURSE, moduleId: 'm01', intento: 1, titulo: 'Refuerzo: la regla de los tercios',
  objetivos: [{ id: 'o2', enunciado: 'Aplica la regla de los tercios' }],
  explicacion: 'Piensa en la foto como una cuadrícula de nueve partes.',
  ejemplo: { enunciado: 'Encuadra un faro al atardecer.', pasos: [
    { texto: 'Traza la cuadrícula.', solucion: 'Dos líneas verticales y dos horizontales.', completar: false },
    { texto: 'Coloca el faro.', solucion: 'Sobre la línea vertical derecha.', completar: true },
  ] },
  practica: [
    { item: 1, objetivoId: 'o2', enunciado: '¿Dónde va el horizonte?', opciones: ['En el centro', 'En un tercio', 'Arriba del todo', 'Fuera'].map((texto, i) => ({ opcion: 'ABCD'[i] as 'A', texto })) },
    { item: 2, objetivoId: 'o2', enunciado: '¿Y el sujeto?', opciones: ['Centrado', 'En una intersección', 'En el borde', 'Cortado'].map((texto, i) => ({ opcion: 'ABCD'[i] as 'A', texto })) },
  ],
  creadoEn: '2026-11-27T10:00:00.000Z',
};

function renderOffer(r: EvaluationResult) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter><RemedialOffer courseId={COURSE} moduleId="m01" result={r} /></MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signedIn();
  polling.jobMs = 5;
  gradingPoll.ms = 5;
});

it('offers the piece for what the attempt left short, follows its job, then corrects practice at once', async () => {
  const api = fakeApi({
    [OPEN]: (_c, n) => (n === 1 ? [202, { success: true, jobId: 'r-1', message: 'Estamos preparando tu refuerzo guiado' }] : ok(PIECE)),
    'GET /jobs/r-1': (_c, n) => ok(aJob({ jobId: 'r-1', kind: 'refuerzo', ...(n > 1 && { status: 'completado', step: 'completado', done: 1, result: { kind: 'refuerzo', courseId: COURSE, moduleId: 'm01' } }) })),
    [`POST /courses/${COURSE}/modules/m01/refuerzo/respuesta`]: () =>
      ok({ item: 1, correcta: false, opcionElegida: 'A', opciones: PIECE.practica[0].opciones.map((o, i) => ({ ...o, correcta: i === 1, explicacion: `Porque ${i}` })) }),
  });
  renderOffer(result(false, [objective('o1', true), objective('o2', false)]));
  const user = userEvent.setup();
  expect(screen.getByText('Te recomendamos dominar este módulo antes de pasar al siguiente. Si lo prefieres, puedes seguir igualmente.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Preparar mi refuerzo guiado' }));
  expect(await screen.findByText('Refuerzo: la regla de los tercios')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.path === OPEN.slice(5))).toHaveLength(2);
  // Faded: the first step is solved, the last one is the learner's turn, its solution behind a toggle.
  expect(screen.getByText('Dos líneas verticales y dos horizontales.')).toBeVisible();
  expect(screen.getByLabelText('Escribe cómo lo resolverías')).toBeInTheDocument();
  expect(screen.getByText('Comparar con la solución')).toBeInTheDocument();
  const first = screen.getByText('Ejercicio 1. ¿Dónde va el horizonte?').closest('li')!;
  await user.click(within(first).getByRole('button', { name: /En el centro/ }));
  expect(await within(first).findByText('No es correcta: elegiste la A.')).toBeInTheDocument();
  expect(within(first).getByText('B. En un tercio (correcta)')).toBeInTheDocument();
  expect(within(first).getByText('Porque 0')).toBeInTheDocument();
  expect(within(first).queryByRole('button')).toBeNull();
});

it('grades the open question in the learner\'s words through its job and shows the verdict (issue 32 item 5)', async () => {
  const withOpen: RemedialPiece = { ...PIECE, abierta: { objetivoId: 'o2', enunciado: 'Explica con tus palabras por qué el horizonte no va centrado.' } };
  const api = fakeApi({
    [OPEN]: () => ok(withOpen),
    [`POST /courses/${COURSE}/modules/m01/refuerzo/abierta`]: () => [202, { success: true, jobId: 'g-1', message: 'Estamos corrigiendo tu respuesta' }],
    'GET /jobs/g-1': () => ok(aJob({ jobId: 'g-1', kind: 'respuesta', status: 'completado', step: 'completado', done: 1, result: { kind: 'respuesta', veredicto: 'correcta', acertado: 'Nombras el tercio.', falta: 'No te falta nada esencial.' } })),
  });
  renderOffer(result(false, [objective('o2', false)]));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Preparar mi refuerzo guiado' }));
  expect(await screen.findByText('3. Explica con tus palabras por qué el horizonte no va centrado.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Tu respuesta, con tus palabras'), 'Porque un tercio da más equilibrio');
  await user.click(screen.getByRole('button', { name: 'Comprobar mi respuesta' }));
  expect(await screen.findByText('Correcta')).toBeInTheDocument();
  expect(screen.getByText('Nombras el tercio.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.path.endsWith('/refuerzo/abierta'))?.body).toEqual({ respuesta: 'Porque un tercio da más equilibrio' });
});

it('offers nothing to reinforce and recommends the next module once every objective is shown', () => {
  fakeApi({});
  renderOffer(result(true, [objective('o1', true), objective('o2', true)]));
  expect(screen.getByText('Dominas este módulo: te recomendamos seguir con el siguiente.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Preparar mi refuerzo guiado' })).toBeNull();
});

it('offers practice for what is still unclear, and does not call a module with an unclear objective mastered (issue 41)', () => {
  fakeApi({});
  const unclear = { ...objective('o2', false), estado: 'incierto' as const };
  renderOffer(result(true, [objective('o1', true), unclear]));
  expect(screen.queryByText('Dominas este módulo: te recomendamos seguir con el siguiente.')).toBeNull();
  expect(screen.getByText(/practica lo que aún no está claro con un refuerzo/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Preparar mi refuerzo guiado' })).toBeInTheDocument();
});

it('names both when the attempt left one objective short and another unclear', () => {
  fakeApi({});
  renderOffer(result(false, [{ ...objective('o1', false), estado: 'falta' }, { ...objective('o2', false), estado: 'incierto' }]));
  expect(screen.getByText(/practica lo que te falta y lo que aún no está claro con un refuerzo/)).toBeInTheDocument();
});
