import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { eraseOfflineData, offlineTable, type OfflineAudio } from '../../../web/src/lib/offline-store';
import { fakeApi } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn } from '../courses/fixtures';

// Issue 44 item 2, the narration audio of a downloaded course: offered as an option with its size said BEFORE
// anything is downloaded (only lessons already narrated in the learner's voice; the size estimated from the
// text, and said so), stored as bytes (the presigned link expires) within the same budget, not downloaded again
// while the object is the same, removed with the download, and played with no connection.

const L1 = '# l1\n\nUna variable guarda un valor.';
const course = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: L1 }), lesson('l2')])] });
const AUDIO_BYTES = 30_000;
const MARKS = JSON.stringify({ time: 0, type: 'sentence', start: 0, end: 0, value: 'Una variable guarda un valor.' });
const OBJECT = 'https://audio.test/narration/u-1/c-1/m1/l1/h1/Lucia';
// A link signed anew at each read (another query string), for the same object.
const narrated = (n: number) => ok({ estado: 'lista', voz: 'Lucia', minutos: 1, audioUrl: `${OBJECT}.mp3?X-Amz-Signature=${n}`, marcasUrl: `${OBJECT}.marks?X-Amz-Signature=${n}` });
const noAnswer = () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'));
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function backend(state: { online: boolean }, audioBytes = AUDIO_BYTES) {
  function up<T>(answer: (n: number) => T) {
    return (_c: unknown, n: number) => (state.online ? answer(n) : noAnswer());
  }
  const api = fakeApi({
    ...me,
    'GET /courses/c-1': up(() => ok(course)),
    'POST /courses/c-1/progress': up(() => progressAnswer('m1', 'l1')),
    'GET /review/due': up(() => ok({ tarjetas: [], pendientes: 0 })),
    'GET /courses/c-1/modules/m1/lessons/l1/narration': up(narrated),
    'POST /courses/c-1/modules/m1/lessons/l1/narration': up(narrated),
    // Never narrated: the route answers 404 and synthesises nothing.
    'GET /courses/c-1/modules/m1/lessons/l2/narration': up(() => [404, { success: false, message: 'Esta lección todavía no tiene audio con esa voz: pulsa «Escuchar lección».' }] as [number, unknown]),
  });
  const fetched: string[] = [];
  global.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    fetched.push(url);
    return url.includes('.mp3') ? new Response(new Uint8Array(audioBytes), { status: 200 }) : new Response(MARKS, { status: 200 });
  }) as typeof fetch;
  return { api, fetched };
}

beforeEach(async () => {
  signedIn();
  await eraseOfflineData();
  Object.assign(URL, { createObjectURL: jest.fn(() => `blob:http://localhost/${crypto.randomUUID()}`), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  setOnline(true);
  jest.restoreAllMocks();
});

const audioRows = () => offlineTable<OfflineAudio>('u-1', 'audio').all();

async function tickAudio(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Incluir el audio de las lecciones ya narradas' }));
}

describe('the narration audio of a downloaded course', () => {
  it('says which lessons have audio and about how much before downloading; stores the bytes in the budget; a refresh fetches nothing new', async () => {
    const state = { online: true };
    const { fetched } = backend(state);
    renderAt('/course/c-1');
    const user = userEvent.setup();
    await tickAudio(user);
    // 400 bytes a character of the lesson's text (the server's 900 characters a minute at 48 kb/s), said as an estimate.
    expect(await screen.findByText(`Audio de 1 lección ya narrada: unos ${Math.round((L1.length * 400) / 1024)} KB (estimado por la longitud del texto).`)).toBeInTheDocument();
    expect(fetched).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Descargar para estudiar sin conexión' }));
    expect(await screen.findByText(/^Curso descargado: \d+ KB, con el audio de 1 lección\. Ya puedes estudiarlo sin conexión\.$/)).toBeInTheDocument();
    const [row] = await audioRows();
    expect(row).toMatchObject({ id: 'c-1/m1/l1/Lucia', objeto: '/narration/u-1/c-1/m1/l1/h1/Lucia.mp3', marcas: MARKS, bytes: AUDIO_BYTES + MARKS.length });
    expect(row.audio.size).toBe(AUDIO_BYTES);
    const [copy] = await offlineTable<{ bytes: number; audio?: { ids: string[]; bytes: number } }>('u-1', 'cursos').all();
    // The budget counts the audio's bytes with the texts'.
    expect(copy.audio).toEqual({ ids: ['c-1/m1/l1/Lucia'], bytes: row.bytes });
    expect(copy.bytes).toBeGreaterThan(row.bytes);
    expect(fetched).toHaveLength(2);

    // A refresh: the same object under a new signature is already here, nothing is fetched again.
    await user.click(screen.getByRole('button', { name: 'Actualizar la descarga' }));
    expect(await screen.findByText(/^Descarga actualizada: \d+ KB, con el audio de 1 lección\.$/)).toBeInTheDocument();
    expect(fetched).toHaveLength(2);
    expect(await audioRows()).toHaveLength(1);

    // "Quitar la descarga" takes the audio with it.
    await user.click(screen.getByRole('button', { name: 'Quitar la descarga' }));
    expect(await screen.findByText('Descarga quitada de este dispositivo.')).toBeInTheDocument();
    expect(await audioRows()).toEqual([]);
  });

  it('is refused whole, in Spanish, when the audio would pass the 50 MB budget: nothing is stored', async () => {
    backend({ online: true }, 51 * 1024 * 1024);
    renderAt('/course/c-1');
    const user = userEvent.setup();
    await tickAudio(user);
    await screen.findByText(/^Audio de 1 lección ya narrada/);
    await user.click(screen.getByRole('button', { name: 'Descargar para estudiar sin conexión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este curso no cabe en el espacio para cursos sin conexión (50 MB). Quita otra descarga e inténtalo de nuevo.');
    expect(await audioRows()).toEqual([]);
    expect(await offlineTable('u-1', 'cursos').all()).toEqual([]);
  });

  it('plays offline from the stored bytes, not the expired link', async () => {
    const state = { online: true };
    const { api, fetched } = backend(state);
    const page = renderAt('/course/c-1');
    const user = userEvent.setup();
    await tickAudio(user);
    await screen.findByText(/^Audio de 1 lección ya narrada/);
    await user.click(screen.getByRole('button', { name: 'Descargar para estudiar sin conexión' }));
    await screen.findByText(/^Curso descargado: .* con el audio de 1 lección/);
    page.unmount();

    state.online = false;
    setOnline(false);
    const asked = api.calls.length;
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    await user.click(await screen.findByRole('button', { name: /Escuchar lección/ }));
    const player = await screen.findByRole('region', { name: 'Reproductor de la lección' });
    const audio = await waitFor(() => {
      const el = player.querySelector('audio');
      if (!el) throw new Error('sin audio');
      return el;
    });
    expect(audio.getAttribute('src')).toMatch(/^blob:/);
    expect(URL.createObjectURL).toHaveBeenCalledWith((await audioRows())[0].audio);
    expect(within(player).queryByRole('alert')).toBeNull();
    expect(api.calls.slice(asked).filter((c) => c.path.includes('/narration'))).toEqual([]);
    expect(fetched.filter((u) => u.startsWith('https:'))).toHaveLength(2);
  });
});
