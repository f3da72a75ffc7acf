import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TutorContextView, TutorQuota } from '../../../lambdas/contract/tutor';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorPanel } from '../../../web/src/features/tutor/tutor-panel';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { fakeApi, someTokens } from '../fake-api';
import { ndjsonStream, viaFakeApi } from './fake-stream';

// A tutor answer read aloud (issue 26): one "Escuchar respuesta" per finished answer, the presigned
// MP3 played in the panel's one <audio>, a refusal's Spanish message inline. jsdom plays nothing: the
// element's play/pause are stand-ins that record what was asked.

const quota: TutorQuota = { plan: 'gratuito', limite: 20, usados: 1, restantes: 19, renuevaEn: '2026-11-23T00:00:00.000Z' };
const FIRST = '2026-11-22T10:00:00.000Z';
const SECOND = '2026-11-22T10:05:00.000Z';
const history: TutorContextView['historial'] = [
  { rol: 'alumno', texto: '¿Qué es una lista?', fecha: '2026-11-22T09:59:59.000Z' },
  { rol: 'tutor', texto: 'Una lista guarda varios valores.', fecha: FIRST },
  { rol: 'alumno', texto: '¿Y una tupla?', fecha: '2026-11-22T10:04:59.000Z' },
  { rol: 'tutor', texto: 'Una tupla no cambia.', fecha: SECOND },
];
const context = (historial = history): TutorContextView => ({
  courseId: 'c-1', titulo: 'Python desde cero', topic: 'Python', nivel: 'principiante', modulos: [],
  progreso: { completadas: 0, total: 4, porcentaje: 0 }, historial, sugerencias: [], cuota: quota,
});
const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];
const spoken = (fecha: string) => ok({ voz: 'Lucia', audioUrl: `https://audio.example/${fecha}.mp3?firma=1`, caracteres: 32, minutos: 0.04 });

let played: string[];
let paused: number;
beforeEach(() => {
  saveTokens(someTokens());
  viaFakeApi();
  played = [];
  paused = 0;
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => void (paused += 1));
});
afterEach(() => jest.restoreAllMocks());

const answer = (text: string) => screen.getByText(text).closest('li')!;

test('the plan\'s minutes used up: the server\'s Spanish message shows under that answer and nothing plays', async () => {
  const message = 'Has usado los minutos de narración de tu plan este mes. Se renuevan el 1 de diciembre.';
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': () => [429, { success: false, message }] });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una tupla no cambia.');
  await userEvent.click(within(answer('Una tupla no cambia.')).getByRole('button', { name: 'Escuchar respuesta' }));
  expect(await within(answer('Una tupla no cambia.')).findByRole('alert')).toHaveTextContent(message);
  expect(within(answer('Una lista guarda varios valores.')).queryByRole('alert')).not.toBeInTheDocument();
  expect(played).toEqual([]);
  expect(within(answer('Una tupla no cambia.')).getByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument();
});

test('an answer the server does not know (404) says so in Spanish', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': () => [404, { success: false, message: 'No encontramos esa respuesta del tutor.' }] });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una lista guarda varios valores.');
  await userEvent.click(within(answer('Una lista guarda varios valores.')).getByRole('button', { name: 'Escuchar respuesta' }));
  expect(await within(answer('Una lista guarda varios valores.')).findByRole('alert')).toHaveTextContent('No encontramos esa respuesta del tutor.');
  expect(played).toEqual([]);
});

test('a browser that refuses to play says so, and the button can be pressed again', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': (c) => spoken((c.body as { fecha: string }).fecha) });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValueOnce(new DOMException('blocked', 'NotAllowedError'));
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una lista guarda varios valores.');
  await userEvent.click(within(answer('Una lista guarda varios valores.')).getByRole('button', { name: 'Escuchar respuesta' }));
  expect(await within(answer('Una lista guarda varios valores.')).findByRole('alert')).toHaveTextContent('Tu navegador no dejó reproducir el audio');
  await userEvent.click(within(answer('Una lista guarda varios valores.')).getByRole('button', { name: 'Escuchar respuesta' }));
  expect(await within(answer('Una lista guarda varios valores.')).findByRole('button', { name: 'Detener la respuesta' })).toBeInTheDocument();
  expect(within(answer('Una lista guarda varios valores.')).queryByRole('alert')).not.toBeInTheDocument();
});

test('each finished answer has its button: it asks for that answer by its fecha and plays the link in one <audio>', async () => {
  let release!: () => void;
  const server = fakeApi({
    'GET /ai-tutor/context/c-1': () => ok(context()),
    'POST /ai-tutor/context/c-1/voz': (c) => new Promise((r) => (release = () => r(spoken((c.body as { fecha: string }).fecha)))),
  });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una tupla no cambia.');
  expect(screen.getAllByRole('button', { name: 'Escuchar respuesta' })).toHaveLength(2); // answers only, not the learner's questions
  await userEvent.click(within(answer('Una lista guarda varios valores.')).getByRole('button', { name: 'Escuchar respuesta' }));
  const loading = await within(answer('Una lista guarda varios valores.')).findByRole('button', { name: 'Preparando el audio…' });
  expect(loading).toHaveAttribute('aria-busy', 'true');
  // The button is busy before the request reaches the scripted backend: release it only once it is there.
  await waitFor(() => expect(server.count('POST /ai-tutor/context/c-1/voz')).toBe(1));
  release();
  expect(await within(answer('Una lista guarda varios valores.')).findByRole('button', { name: 'Detener la respuesta' })).toHaveTextContent('Detener');
  expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ fecha: FIRST }]);
  expect(played).toEqual([`https://audio.example/${FIRST}.mp3?firma=1`]);
  expect(document.querySelectorAll('audio')).toHaveLength(1);
});

test('starting another answer stops the first; pressing "Detener" stops it; the end of the audio frees the button', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': (c) => spoken((c.body as { fecha: string }).fecha) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una tupla no cambia.');
  const first = answer('Una lista guarda varios valores.');
  const second = answer('Una tupla no cambia.');
  await userEvent.click(within(first).getByRole('button', { name: 'Escuchar respuesta' }));
  await within(first).findByRole('button', { name: 'Detener la respuesta' });
  const before = paused;
  await userEvent.click(within(second).getByRole('button', { name: 'Escuchar respuesta' }));
  await within(second).findByRole('button', { name: 'Detener la respuesta' });
  expect(paused).toBeGreaterThan(before);
  expect(within(first).getByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument();
  expect(played).toEqual([`https://audio.example/${FIRST}.mp3?firma=1`, `https://audio.example/${SECOND}.mp3?firma=1`]);

  await userEvent.click(within(second).getByRole('button', { name: 'Detener la respuesta' }));
  expect(within(second).getByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument();
  expect(document.querySelector('audio')!.getAttribute('src')).toBeNull();

  await userEvent.click(within(first).getByRole('button', { name: 'Escuchar respuesta' }));
  await within(first).findByRole('button', { name: 'Detener la respuesta' });
  act(() => void document.querySelector('audio')!.dispatchEvent(new Event('ended')));
  await waitFor(() => expect(within(first).getByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument());
});

test('an answer still streaming has no button; it gets one when it is whole', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context([])) });
  const stream = ndjsonStream();
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await userEvent.type(await screen.findByLabelText('Tu pregunta para el tutor'), 'Hola{Enter}');
  stream.send({ type: 'delta', text: 'Una lista guarda ' });
  await screen.findByTestId('tutor-streaming');
  expect(screen.queryByRole('button', { name: 'Escuchar respuesta' })).not.toBeInTheDocument();
  stream.send({ type: 'done', data: { respuesta: 'Una lista guarda valores.', tipo: 'explicacion', sugerencias: [], cuota: quota, demo: false, fecha: FIRST } });
  stream.end();
  expect(await screen.findByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument();
});

test('closing the panel stops what plays', async () => {
  fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': (c) => spoken((c.body as { fecha: string }).fecha) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  await screen.findByText('Una tupla no cambia.');
  await userEvent.click(within(answer('Una tupla no cambia.')).getByRole('button', { name: 'Escuchar respuesta' }));
  await screen.findByRole('button', { name: 'Detener la respuesta' });
  const before = paused;
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar el tutor' }));
  expect(paused).toBeGreaterThan(before);
});

test('the lock screen names the answer while it sounds, and its pause stops it as "Detener" does', async () => {
  const handlers: Record<string, ((details: { action: string }) => void) | null> = {};
  const session = { metadata: null as MediaMetadata | null, playbackState: 'none', setActionHandler: (action: string, h: ((d: { action: string }) => void) | null) => void (handlers[action] = h) };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  (globalThis as { MediaMetadata?: unknown }).MediaMetadata = class { constructor(readonly init: { title: string; artist: string }) {} };
  try {
    fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context()), 'POST /ai-tutor/context/c-1/voz': (c) => spoken((c.body as { fecha: string }).fecha) });
    render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
    await screen.findByText('Una tupla no cambia.');
    const second = answer('Una tupla no cambia.');
    await userEvent.click(within(second).getByRole('button', { name: 'Escuchar respuesta' }));
    await within(second).findByRole('button', { name: 'Detener la respuesta' });
    expect(session.metadata).toMatchObject({ init: { title: 'Respuesta del tutor', artist: 'Mentora' } });
    expect(session.playbackState).toBe('playing');
    // No ±15 s on a short answer; pause and play are the lock screen's.
    expect(handlers.seekforward).toBeNull();
    act(() => handlers.pause!({ action: 'pause' }));
    expect(within(second).getByRole('button', { name: 'Escuchar respuesta' })).toBeInTheDocument();
    expect(document.querySelector('audio')!.getAttribute('src')).toBeNull();
    expect(session.metadata).toBeNull();
  } finally {
    delete (navigator as { mediaSession?: unknown }).mediaSession;
    delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
  }
});
