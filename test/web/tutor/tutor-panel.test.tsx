import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TutorContextView, TutorQuota } from '../../../lambdas/contract/tutor';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorPanel } from '../../../web/src/features/tutor/tutor-panel';
import { fakeApi, someTokens } from '../fake-api';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { ndjsonStream, sha256, viaFakeApi } from './fake-stream';

const quota = (restantes: number): TutorQuota => ({ plan: 'gratuito', limite: 20, usados: 20 - restantes, restantes, renuevaEn: '2026-11-23T00:00:00.000Z' });
const context = (over: Partial<TutorContextView> = {}): TutorContextView => ({
  courseId: 'c-1', titulo: 'Python desde cero', topic: 'Python', nivel: 'principiante', modulos: [],
  leccionActual: { moduleId: 'm01', lessonId: 'l02', titulo: 'Listas y bucles', resumen: 'r' },
  progreso: { completadas: 0, total: 4, porcentaje: 0 }, historial: [], sugerencias: ['¿Me das un ejemplo de «Listas y bucles»?'], cuota: quota(20), ...over,
});
const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];

beforeEach(() => {
  saveTokens(someTokens());
  // The chat is read with fetch; here it reaches the scripted backend as one JSON answer.
  viaFakeApi();
});

test('opens from its button, shows the suggestions and the remaining quota, and answers in Markdown', async () => {
  let release!: () => void;
  const server = fakeApi({
    'GET /ai-tutor/context/c-1': () => ok(context()),
    'POST /ai-tutor/chat': () =>
      new Promise((r) => (release = () => r(ok({ respuesta: 'Una **lista** guarda varios valores.\n\n¿Qué guardarías tú?', tipo: 'explicacion', sugerencias: ['¿Y las tuplas?'], cuota: quota(19), demo: false })))),
  });
  render(<TutorPanel courseId="c-1" moduleId="m01" lessonId="l02" />, { wrapper: QueryProvider });
  await userEvent.click(screen.getByRole('button', { name: /Preguntar al tutor/ }));
  const panel = await screen.findByRole('dialog', { name: 'Tutor IA' });
  expect(await within(panel).findByText('Listas y bucles')).toBeInTheDocument();
  expect(within(panel).getByText(/Te quedan/)).toHaveTextContent('Te quedan 20 de 20 mensajes hoy');
  await userEvent.type(within(panel).getByLabelText('Tu pregunta para el tutor'), '¿Qué es una lista?{Enter}');
  expect(await within(panel).findByText('Conectando con el tutor...')).toBeInTheDocument();
  // "Conectando…" shows as soon as the message is sent; the request reaches the scripted backend a
  // little later (the body's hash is taken first). Released only once it is there: released before,
  // under CI's load, the request landed in the next test's backend and both failed.
  await waitFor(() => expect(server.count('POST /ai-tutor/chat')).toBe(1));
  release();
  expect(await within(panel).findByText('lista', { selector: 'strong' })).toBeInTheDocument();
  expect(within(panel).getByText(/Te quedan/)).toHaveTextContent('Te quedan 19 de 20 mensajes hoy');
  expect(within(panel).getByRole('button', { name: '¿Y las tuplas?' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ courseId: 'c-1', moduleId: 'm01', lessonId: 'l02', message: '¿Qué es una lista?' });
  expect(server.calls.find((c) => c.method === 'GET')?.path).toBe('/ai-tutor/context/c-1?moduleId=m01&lessonId=l02');
});

test('shows the conversation kept on the server, and a suggested question sends itself', async () => {
  const server = fakeApi({
    'GET /ai-tutor/context/c-1': () => ok(context({ historial: [{ rol: 'alumno', texto: 'Pregunta de ayer', fecha: 'x' }, { rol: 'tutor', texto: 'Respuesta de ayer', fecha: 'x' }] })),
    'POST /ai-tutor/chat': () => ok({ respuesta: 'Claro: `for x in lista`.', tipo: 'explicacion', sugerencias: [], cuota: quota(18), demo: true }),
  });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  expect(await screen.findByText('Respuesta de ayer')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '¿Me das un ejemplo de «Listas y bucles»?' }));
  await waitFor(() => expect(server.count('POST /ai-tutor/chat')).toBe(1));
  expect(await screen.findByText('for x in lista')).toBeInTheDocument();
});

test('a refused message (quota used up) shows the server\'s Spanish message and leaves no stray turn', async () => {
  const message = 'Has alcanzado el límite de 20 mensajes diarios con el tutor de tu plan gratuito. Vuelve mañana o pásate a premium para seguir preguntando.';
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context({ cuota: quota(1) })), 'POST /ai-tutor/chat': () => [429, { success: false, message }] });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await userEvent.type(await screen.findByLabelText('Tu pregunta para el tutor'), 'Hola{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(within(screen.getByRole('list', { name: 'Conversación con el tutor' })).queryByText('Hola')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Tu pregunta para el tutor')).toHaveValue('Hola'); // the draft is kept to send later
});

test('with no messages left the input is disabled', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context({ cuota: quota(0) })) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  expect(await screen.findByPlaceholderText('Has usado todos tus mensajes de hoy')).toBeDisabled();
});

test('clears the history after confirmation', async () => {
  const server = fakeApi({
    'GET /ai-tutor/context/c-1': () => ok(context({ historial: [{ rol: 'alumno', texto: 'Una pregunta', fecha: 'x' }] })),
    'DELETE /ai-tutor/context/c-1': () => [200, { success: true, message: 'Historial del tutor borrado' }],
  });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una pregunta');
  await userEvent.click(screen.getByRole('button', { name: 'Borrar historial' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sí, borrar' }));
  await waitFor(() => expect(screen.queryByText('Una pregunta')).not.toBeInTheDocument());
  expect(server.count('DELETE /ai-tutor/context/c-1')).toBe(1);
});

test('Escape closes the panel and gives focus back to its button', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Listas y bucles');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.getByRole('button', { name: /Preguntar al tutor/ })).toHaveFocus());
});

test('keeps working where scrollIntoView returns a Promise (newer Chromium)', async () => {
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function () {
    return Promise.resolve() as unknown as void;
  };
  try {
    fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/chat': () => ok({ respuesta: 'Respuesta nueva', tipo: 'explicacion', sugerencias: [], cuota: quota(19), demo: false }) });
    render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
    await userEvent.type(await screen.findByLabelText('Tu pregunta para el tutor'), 'Hola{Enter}');
    expect(await screen.findByText('Respuesta nueva')).toBeInTheDocument();
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

test('shows the answer as it streams, then the whole answer with its feedback buttons; the log is announced once', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()) });
  const stream = ndjsonStream();
  render(<TutorPanel courseId="c-1" moduleId="m01" lessonId="l02" />, { wrapper: QueryProvider });
  await userEvent.click(screen.getByRole('button', { name: /Preguntar al tutor/ }));
  const panel = await screen.findByRole('dialog', { name: 'Tutor IA' });
  await within(panel).findByText('Listas y bucles');
  await userEvent.type(within(panel).getByLabelText('Tu pregunta para el tutor'), '¿Qué es una lista?{Enter}');
  stream.send({ type: 'delta', text: 'Una lista guarda varios valores. ' });
  expect(await within(panel).findByText(/Una lista guarda varios valores\./)).toBeInTheDocument();
  const log = within(panel).getByRole('log');
  expect(log).toHaveAttribute('aria-live', 'polite');
  expect(log).toHaveAttribute('aria-busy', 'true');
  stream.send({ type: 'delta', text: '¿Qué guardarías tú?' });
  expect(await within(panel).findByText(/varios valores\. ¿Qué guardarías tú\?/)).toBeInTheDocument();
  // Markdown as it streams, never raw asterisks (issue 34).
  stream.send({ type: 'delta', text: ' Una **tupla** no cambia.' });
  const streaming = within(panel).getByTestId('tutor-streaming');
  expect(await within(streaming).findByText('tupla', { selector: 'strong' })).toBeInTheDocument();
  expect(streaming).not.toHaveTextContent('**');
  expect(within(panel).queryByRole('button', { name: /Me ha servido/i })).not.toBeInTheDocument();
  stream.send({ type: 'done', data: { respuesta: 'Una **lista** guarda varios valores. ¿Qué guardarías tú?', tipo: 'explicacion', sugerencias: ['¿Y las tuplas?'], cuota: quota(19), demo: false, fecha: '2026-11-22T10:00:00.000Z' } });
  stream.end();
  expect(await within(panel).findByText('lista', { selector: 'strong' })).toBeInTheDocument();
  await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
  expect(within(panel).queryByTestId('tutor-streaming')).not.toBeInTheDocument();
  expect(within(panel).getByText(/Te quedan/)).toHaveTextContent('Te quedan 19 de 20 mensajes hoy');
  expect(within(panel).getByText('¿Te ha servido esta respuesta?')).toBeInTheDocument();
  const [request] = stream.requests;
  expect(request.headers).toMatchObject({ accept: 'application/x-ndjson', 'x-amz-content-sha256': sha256(request.body), 'x-mentora-authorization': expect.stringMatching(/^Bearer /) });
  expect(JSON.parse(request.body)).toEqual({ courseId: 'c-1', moduleId: 'm01', lessonId: 'l02', message: '¿Qué es una lista?' });
});

test('a stream that ends in an error shows its Spanish message and takes the message back out', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()) });
  const stream = ndjsonStream();
  render(<TutorPanel courseId="c-1" />, { wrapper: QueryProvider });
  await userEvent.click(screen.getByRole('button', { name: /Preguntar al tutor/ }));
  const panel = await screen.findByRole('dialog', { name: 'Tutor IA' });
  await within(panel).findByText('Listas y bucles');
  await userEvent.type(within(panel).getByLabelText('Tu pregunta para el tutor'), 'Hola{Enter}');
  stream.send({ type: 'error', message: 'El servicio de IA no respondió a tiempo. Inténtalo de nuevo en unos minutos.' });
  stream.end();
  expect(await within(panel).findByRole('alert')).toHaveTextContent('El servicio de IA no respondió a tiempo');
  expect(within(panel).getByRole('list', { name: 'Conversación con el tutor' })).not.toHaveTextContent('Hola');
});

test('"Practiquemos: …" on a weak objective asks the tutor to start a practice conversation on it', async () => {
  const practicar = [{ objectiveKey: 'm01.o2', enunciado: 'Distingue listas de tuplas' }];
  const server = fakeApi({
    'GET /ai-tutor/context/c-1': () => ok(context({ practicar })),
    'POST /ai-tutor/chat': () => ok({ respuesta: '**Practiquemos: Distingue listas de tuplas**\n\nEmpecemos por ti: ¿en qué se diferencian?', tipo: 'explicacion', sugerencias: [], cuota: quota(19), demo: true, fecha: 'f' }),
  });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  const practice = await screen.findByRole('list', { name: 'Practicar lo que te cuesta' });
  await userEvent.click(within(practice).getByRole('button', { name: 'Practiquemos: Distingue listas de tuplas' }));
  expect(await screen.findByText(/Empecemos por ti/)).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ courseId: 'c-1', message: 'Practiquemos: Distingue listas de tuplas', practicar: 'm01.o2' });
});

test('without weak objectives there is no practice button', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Listas y bucles');
  expect(screen.queryByRole('list', { name: 'Practicar lo que te cuesta' })).not.toBeInTheDocument();
});
