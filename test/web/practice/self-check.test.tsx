import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelfCheck } from '../../../web/src/features/practice';
import { selfCheckQuestions } from '../../../web/src/features/practice/self-check-questions';
import { gradingPoll } from '../../../web/src/features/practice/use-grading';
import { fakeApi } from '../fake-api';
import { aJob, ok, signedIn } from '../courses/fixtures';

// Issue 32 item 5: the lesson's self-check answered in the learner's own words, graded by a job.

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const MARKDOWN = [
  '### Introducción', 'Texto.',
  '### Comprueba lo que has aprendido', '1. ¿Qué papel tiene la meta?\n2. ¿Por qué conviene comprobar cada paso?',
  '#### Respuestas', '1. Ordena el resto.\n2. Porque los fallos aparecen pronto.',
  '### Resumen', '- Uno',
].join('\n\n');
const SELF_CHECK = `POST /courses/${COURSE}/modules/m01/lessons/l01/self-check`;
const started = (): [number, unknown] => [202, { success: true, jobId: 'g-1', message: 'Estamos corrigiendo tu respuesta' }];
const graded = (veredicto: string, acertado: string, falta: string) =>
  ok(aJob({ jobId: 'g-1', kind: 'respuesta', status: 'completado', step: 'completado', done: 1, total: 1, result: { kind: 'respuesta', veredicto, acertado, falta } as never }));

function renderSelfCheck() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SelfCheck lesson={{ courseId: COURSE, moduleId: 'm01', lessonId: 'l01' }} markdown={MARKDOWN} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signedIn();
  gradingPoll.ms = 5;
});

it('reads the questions the server numbers, and only them', () => {
  expect(selfCheckQuestions(MARKDOWN)).toEqual(['¿Qué papel tiene la meta?', '¿Por qué conviene comprobar cada paso?']);
  expect(selfCheckQuestions('### Introducción\n\nSin autoevaluación.')).toEqual([]);
});

it('sends the answer, follows the grading job and shows the verdict, what is right and what is missing', async () => {
  const api = fakeApi({
    [SELF_CHECK]: started,
    // The job runs for two reads, then ends graded.
    'GET /jobs/g-1': (_c, n) => (n < 3 ? ok(aJob({ jobId: 'g-1', kind: 'respuesta', step: 'contenido', total: 1 })) : graded('parcial', 'Nombras el orden.', 'Te falta decir para qué sirve.')),
  });
  renderSelfCheck();
  const user = userEvent.setup();
  expect(screen.getByRole('heading', { name: 'Responde con tus palabras' })).toBeInTheDocument();
  const boxes = screen.getAllByLabelText('Tu respuesta, con tus palabras');
  expect(boxes).toHaveLength(2);
  const [first] = screen.getAllByRole('button', { name: 'Comprobar mi respuesta' });
  expect(first).toBeDisabled();
  await user.type(boxes[0], 'Pone orden en todo lo demás');
  await user.click(first);
  expect(await screen.findByText('Casi: te falta algo')).toBeInTheDocument();
  expect(screen.getByText('Nombras el orden.')).toBeInTheDocument();
  expect(screen.getByText('Te falta decir para qué sirve.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ pregunta: 1, respuesta: 'Pone orden en todo lo demás' });
  expect(api.count('GET /jobs/g-1')).toBe(3);
});

it('says in Spanish when the answers of the day are used up', async () => {
  fakeApi({ [SELF_CHECK]: () => [429, { success: false, message: 'Has usado las 30 respuestas abiertas corregidas de hoy incluidas en tu plan gratuito. Vuelve mañana o pásate a premium para tener más.' }] });
  renderSelfCheck();
  const user = userEvent.setup();
  await user.type(screen.getAllByLabelText('Tu respuesta, con tus palabras')[1], 'Porque se corrigen antes');
  await user.click(screen.getAllByRole('button', { name: 'Comprobar mi respuesta' })[1]);
  expect(await screen.findByRole('alert')).toHaveTextContent('Has usado las 30 respuestas abiertas corregidas de hoy');
});
