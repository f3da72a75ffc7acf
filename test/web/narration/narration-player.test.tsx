import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NarrationViewBody } from '../../../lambdas/contract/narration';
import { positionKey } from '../../../web/src/features/narration/position';
import { fakeApi } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, renderAt, saved, signedIn } from '../courses/fixtures';

// The lesson's player against a scripted API: the narration routes answer as the contract says
// (lambdas/contract/narration.ts); the marks are an S3 object read with fetch, stubbed here.

const NARRATION = '/courses/c-1/modules/m1/lessons/l1/narration';
const contenido = '## Variables\n\nUna variable guarda un valor. Se crea al asignarla.\n\n## Tipos\n\nCada valor tiene un tipo.';
const MARKS = ['Variables.', 'Una variable guarda un valor.', 'Se crea al asignarla.', 'Tipos.', 'Cada valor tiene un tipo.']
  .map((value, i) => JSON.stringify({ time: i * 4000, type: 'sentence', start: 0, end: 0, value }))
  .join('\n');
const LESSON = { courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' };

const view = (over: Partial<NarrationViewBody> = {}): NarrationViewBody => ({ estado: 'lista', voz: 'Lucia', minutos: 3, audioUrl: 'https://audio.test/a.mp3?v=1', marcasUrl: 'https://audio.test/a.marks?v=1', ...over });
const course = () => aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido, titulo: 'Variables en Python' })])] });
const progress = () => saved({ courseId: 'c-1', progreso: { completadas: 0, total: 1, porcentaje: 0 }, modulos: [], leccion: { moduleId: 'm1', lessonId: 'l1', estado: 'en_curso' } });

function server(narration: { post?: () => [number, unknown]; get?: (n: number) => [number, unknown] } = {}) {
  return fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(course()),
    'POST /courses/c-1/progress': progress,
    [`POST ${NARRATION}`]: narration.post ?? (() => ok(view())),
    [`GET ${NARRATION}`]: (_c, n) => (narration.get ? narration.get(n) : ok(view({ audioUrl: `https://audio.test/a.mp3?v=${n + 1}` }))),
  });
}

async function openPlayer() {
  renderAt('/course/c-1');
  await userEvent.click(await screen.findByRole('button', { name: /Escuchar lección/ }));
  return screen.findByRole('region', { name: 'Reproductor de la lección' });
}

/** The <audio> once ready, with a duration (jsdom loads nothing) and its metadata "loaded". */
async function loadedAudio(duration = 300) {
  const audio = await waitFor(() => {
    const el = document.querySelector('audio');
    if (!el) throw new Error('sin audio');
    return el;
  });
  Object.defineProperty(audio, 'duration', { value: duration, configurable: true });
  fireEvent.loadedMetadata(audio);
  return audio;
}
const live = (player: HTMLElement) => player.querySelector('[aria-live="polite"]')!;

beforeEach(() => {
  signedIn();
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  global.fetch = jest.fn(async () => new Response(MARKS, { status: 200 })) as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

describe('"Escuchar lección"', () => {
  it('a spent allowance (429) shows the server\'s Spanish message, offers no retry and leaves the lesson as it was', async () => {
    const message = 'Has usado los minutos de narración de tu plan este mes. Se renuevan el 1 de diciembre.';
    const api = server({ post: () => [429, { success: false, message }] });
    const player = await openPlayer();
    expect(await within(player).findByRole('alert')).toHaveTextContent(message);
    expect(within(player).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(player.querySelector('audio')).toBeNull();
    expect(api.count(`GET ${NARRATION}`)).toBe(0);
    expect(screen.getByText('Una variable guarda un valor. Se crea al asignarla.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como completada' })).toBeEnabled();
  });

  it('starts the audio with POST in the profile\'s voice, says "Preparando el audio…" and polls GET until it is ready', async () => {
    const writing = view({ estado: 'generando', audioUrl: undefined, marcasUrl: undefined });
    let ready = false;
    const api = server({ post: () => ok(writing), get: () => ok(ready ? view() : writing) });
    const player = await openPlayer();
    expect(await within(player).findByText(/Dura unos 3 min/)).toBeInTheDocument();
    expect(within(player).getAllByText('Preparando el audio…')).toHaveLength(2);
    expect(live(player)).toHaveTextContent('Preparando el audio…');
    // It keeps asking while the job runs (the course poll's backoff, shortened by the fixtures).
    await waitFor(() => expect(api.count(`GET ${NARRATION}`)).toBeGreaterThanOrEqual(3));
    expect(player.querySelector('audio')).toBeNull();
    ready = true;
    const audio = await loadedAudio();
    expect(audio).toHaveAttribute('src', 'https://audio.test/a.mp3?v=1');
    const polls = api.count(`GET ${NARRATION}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(api.count(`GET ${NARRATION}`)).toBe(polls);
    expect(api.count(`POST ${NARRATION}`)).toBe(1);
    expect(api.calls.find((c) => c.method === 'POST' && c.path === NARRATION)?.body).toEqual({ voz: 'Lucia' });
    expect(api.calls.find((c) => c.method === 'GET' && c.path.startsWith(NARRATION))?.path).toBe(`${NARRATION}?voz=Lucia`);
    expect(live(player)).toHaveTextContent('Audio listo.');
    expect(within(player).getByText(/Voz: Lucía \(España\)/)).toBeInTheDocument();
  });

  it('plays and pauses, jumps 15 s either way, changes the speed and says each change once', async () => {
    server();
    const player = await openPlayer();
    const audio = await loadedAudio();
    await userEvent.click(within(player).getByRole('button', { name: /Reproducir/ }));
    expect(within(player).getByRole('button', { name: /Pausar/ })).toBeInTheDocument();
    expect(live(player)).toHaveTextContent('Reproduciendo');
    audio.currentTime = 100;
    await userEvent.click(within(player).getByRole('button', { name: 'Avanzar 15 segundos' }));
    expect(audio.currentTime).toBe(115);
    await userEvent.click(within(player).getByRole('button', { name: 'Retroceder 15 segundos' }));
    await userEvent.click(within(player).getByRole('button', { name: 'Retroceder 15 segundos' }));
    expect(audio.currentTime).toBe(85);
    audio.currentTime = 5;
    await userEvent.click(within(player).getByRole('button', { name: 'Retroceder 15 segundos' }));
    expect(audio.currentTime).toBe(0);
    await userEvent.selectOptions(within(player).getByRole('combobox', { name: 'Velocidad' }), '1.5');
    expect(audio.playbackRate).toBe(1.5);
    expect(live(player)).toHaveTextContent('Velocidad 1,5×');
    expect(within(player).getAllByRole('option').map((o) => o.textContent)).toEqual(['0,75×', '1×', '1,25×', '1,5×', '2×']);
    await userEvent.click(within(player).getByRole('button', { name: /Pausar/ }));
    expect(live(player)).toHaveTextContent('En pausa');
  });

  it('keeps the position per lesson and voice and resumes there when the learner comes back', async () => {
    server();
    localStorage.setItem(positionKey(LESSON, 'Lucia'), '42');
    localStorage.setItem(positionKey(LESSON, 'Pedro'), '7');
    let player = await openPlayer();
    let audio = await loadedAudio();
    expect(audio.currentTime).toBe(42);
    expect(live(player)).toHaveTextContent('Continúa donde lo dejaste, en 42 segundos.');
    audio.currentTime = 130;
    fireEvent.timeUpdate(audio);
    fireEvent.pause(audio);
    expect(localStorage.getItem(positionKey(LESSON, 'Lucia'))).toBe('130.0');
    // Playing on (saved every 5 s), then the player is closed: the last second heard is kept.
    fireEvent.play(audio);
    audio.currentTime = 133;
    fireEvent.timeUpdate(audio);
    expect(localStorage.getItem(positionKey(LESSON, 'Lucia'))).toBe('130.0');
    await userEvent.click(within(player).getByRole('button', { name: 'Cerrar reproductor' }));
    expect(localStorage.getItem(positionKey(LESSON, 'Lucia'))).toBe('133.0');
    expect(document.querySelector('audio')).toBeNull();
    expect(screen.getByRole('button', { name: /Escuchar lección/ })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: /Escuchar lección/ }));
    player = await screen.findByRole('region', { name: 'Reproductor de la lección' });
    audio = await loadedAudio();
    expect(audio.currentTime).toBe(133);
    // The end of the audio is no place to resume: the next play starts over.
    audio.currentTime = 299;
    fireEvent.pause(audio);
    expect(localStorage.getItem(positionKey(LESSON, 'Lucia'))).toBeNull();
    expect(localStorage.getItem(positionKey(LESSON, 'Pedro'))).toBe('7');
  });

  it('highlights the block being read as the audio moves, from the speech marks', async () => {
    server();
    await openPlayer();
    const audio = await loadedAudio();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledWith('https://audio.test/a.marks?v=1'));
    const reading = () => document.querySelector('[data-narrando]');
    const at = async (seconds: number) => {
      audio.currentTime = seconds;
      fireEvent.timeUpdate(audio);
      await waitFor(() => expect(reading()).not.toBeNull());
    };
    await at(0.5);
    expect(reading()).toHaveTextContent('Variables');
    expect(reading()!.tagName).toBe('H3');
    await at(5);
    expect(reading()).toHaveTextContent('Una variable guarda un valor.');
    await at(9);
    expect(reading()).toHaveTextContent('Una variable guarda un valor.');
    await at(17);
    expect(reading()).toHaveTextContent('Cada valor tiene un tipo.');
    expect(document.querySelectorAll('[data-narrando]')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar reproductor' }));
    expect(reading()).toBeNull();
  });

  it('scrolls to the sentence read only while the learner is there; scrolled away, it offers "Seguir lectura"', async () => {
    server();
    const player = await openPlayer();
    const audio = await loadedAudio();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    let onScreen = true;
    jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => (onScreen ? { top: 100, bottom: 200 } : { top: -900, bottom: -800 }) as DOMRect);
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const at = async (seconds: number, text: string) => {
      audio.currentTime = seconds;
      fireEvent.timeUpdate(audio);
      await waitFor(() => expect(document.querySelector('[data-narrando]')).toHaveTextContent(text));
    };
    await at(0.5, 'Variables');
    await at(5, 'Una variable guarda un valor.');
    expect(scrolled).toEqual(['Variables', 'Una variable guarda un valor. Se crea al asignarla.']);
    expect(within(player).queryByRole('button', { name: 'Seguir lectura' })).toBeNull();
    onScreen = false;
    await at(13, 'Tipos');
    expect(scrolled).toHaveLength(2);
    await userEvent.click(await within(player).findByRole('button', { name: 'Seguir lectura' }));
    expect(scrolled).toEqual(['Variables', 'Una variable guarda un valor. Se crea al asignarla.', 'Tipos']);
    expect(within(player).queryByRole('button', { name: 'Seguir lectura' })).toBeNull();
  });

  it('asks for fresh links when the five-minute link has expired and keeps the place', async () => {
    const api = server();
    await openPlayer();
    const audio = await loadedAudio();
    audio.currentTime = 200;
    fireEvent.timeUpdate(audio);
    fireEvent.error(audio);
    await waitFor(() => expect(document.querySelector('audio')).toHaveAttribute('src', 'https://audio.test/a.mp3?v=2'));
    expect(api.count(`GET ${NARRATION}`)).toBe(1);
    const fresh = await loadedAudio();
    expect(fresh.currentTime).toBe(200);
  });

  it('a job that failed says so and "Reintentar" starts it again with POST', async () => {
    let n = 0;
    const api = server({ post: () => ok(++n === 1 ? view({ estado: 'error', audioUrl: undefined, marcasUrl: undefined }) : view()) });
    const player = await openPlayer();
    expect(await within(player).findByRole('alert')).toHaveTextContent('No pudimos preparar el audio de esta lección.');
    await userEvent.click(within(player).getByRole('button', { name: 'Reintentar' }));
    await loadedAudio();
    expect(api.count(`POST ${NARRATION}`)).toBe(2);
    await act(async () => undefined);
  });
});
