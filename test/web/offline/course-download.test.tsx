import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { eraseOfflineData, offlineTable, outboxOf } from '../../../web/src/lib/offline-store';
import { aUser, fakeApi, type Call } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn, summaryOf } from '../courses/fixtures';

// Issue 44 item 2: "Descargar para estudiar sin conexión" keeps a course on this device (the learner's own
// IndexedDB database; in jsdom its in-memory stand-in), and with no connection the course page, the dashboard
// and /repaso read that copy; a self-check answered offline waits in the outbox and is sent once.

const SELF_CHECK_MD = ['# l1', 'Texto de la lección l1.', '### Comprueba lo que has aprendido', '1. ¿Qué hace una variable?', '#### Respuestas', '1. Guarda un valor.'].join('\n\n');
const course = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: SELF_CHECK_MD }), lesson('l2')])] });
const CARD = 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e11';
const card = { cardId: CARD, courseId: 'c-1', moduleId: 'm1', lessonId: 'l1', tipo: 'opcion_multiple', origen: 'Lección: l1', enunciado: '¿Qué guarda una variable?', opciones: [{ opcion: 'A', texto: 'Un valor' }, { opcion: 'B', texto: 'Nada' }], vence: '2026-11-23T11:00:00.000Z', repasos: 0 };
const solution = { cardId: CARD, respuesta: 'Un valor.', explicacion: 'Una variable guarda un valor.', opciones: [{ opcion: 'A', texto: 'Un valor', correcta: true }, { opcion: 'B', texto: 'Nada', correcta: false }] };
const noAnswer = () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'));
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function backend(state: { online: boolean }) {
  type Answer = [number, unknown] | [number, unknown, Record<string, string>];
  const up = (answer: (c: Call) => Answer) => (c: Call) => (state.online ? answer(c) : noAnswer());
  return fakeApi({
    ...me,
    // A conditional read: the copy's tag (issue 44 item 7) gets a 304 with no body.
    'GET /courses/c-1': up((c: { ifNoneMatch?: string }) => (c.ifNoneMatch === 'W/"v1"' ? [304, undefined, { etag: 'W/"v1"' }] : [200, { success: true, data: course }, { etag: 'W/"v1"' }])),
    'GET /courses/my-courses': up(() => ok([summaryOf(course)])),
    'POST /courses/c-1/progress': up(() => progressAnswer('m1', 'l1')),
    'GET /review/due': up(() => ok({ tarjetas: [card], pendientes: 1 })),
    [`POST /review/${CARD}/reveal`]: up(() => ok(solution)),
    'POST /courses/c-1/modules/m1/lessons/l1/self-check': up(() => [202, { success: true, jobId: 'g-1', message: 'Estamos corrigiendo tu respuesta' }] as [number, unknown]),
  });
}

beforeEach(async () => {
  signedIn();
  await eraseOfflineData();
});
afterEach(() => setOnline(true));

async function downloadCourse() {
  const view = renderAt('/course/c-1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' }));
  expect(await screen.findByText(/^Curso descargado: \d+ KB\. Ya puedes estudiarlo sin conexión\.$/)).toBeInTheDocument();
  expect(screen.getByText('Disponible sin conexión')).toBeInTheDocument();
  view.unmount();
}

describe('a course downloaded for offline study', () => {
  it('keeps the lessons, the due cards and their answers; offline the course page reads the copy and says so', async () => {
    const state = { online: true };
    const api = backend(state);
    await downloadCourse();
    const [copy] = await offlineTable<{ courseId: string; bytes: number; curso: unknown; soluciones: Record<string, unknown> }>('u-1', 'cursos').all();
    expect(copy).toMatchObject({ courseId: 'c-1', curso: course, soluciones: { [CARD]: solution } });
    // The size said is what is stored (the copy as UTF-8 JSON, its own size field aside).
    expect(copy.bytes).toBe(new TextEncoder().encode(JSON.stringify({ ...copy, bytes: 0 })).length);

    // "Reload" with no connection: nothing asked of the server, the lesson read from the copy.
    state.online = false;
    setOnline(false);
    const before = api.count('GET /courses/c-1');
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    expect(await screen.findByText('Texto de la lección l1.')).toBeInTheDocument();
    expect(api.count('GET /courses/c-1')).toBe(before);
    expect(await screen.findByText(/^Sin conexión ves la copia descargada el /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actualizar la descarga' })).not.toBeInTheDocument();
  });

  it('answers a self-check offline into the outbox, says it is not sent, and sends it once under its key when back online', async () => {
    const state = { online: true };
    const api = backend(state);
    await downloadCourse();
    state.online = false;
    setOnline(false);
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tu respuesta, con tus palabras'), 'Guarda un dato');
    await user.click(screen.getByRole('button', { name: 'Comprobar mi respuesta' }));
    expect(await screen.findByText(/tu respuesta se guardó en este dispositivo .* Todavía no se ha enviado\./)).toBeInTheDocument();
    expect(await screen.findByText(/1 respuesta de autoevaluación espera en este dispositivo/)).toBeInTheDocument();
    const [entry] = await outboxOf('u-1').list();
    expect(entry).toMatchObject({ kind: 'autoevaluacion', courseId: 'c-1', moduleId: 'm1', lessonId: 'l1', pregunta: 1, respuesta: 'Guarda un dato' });
    expect(api.count('POST /courses/c-1/modules/m1/lessons/l1/self-check')).toBe(0);

    state.online = true;
    setOnline(true);
    await waitFor(async () => expect(await outboxOf('u-1').list()).toHaveLength(0));
    const sent = api.calls.filter((c) => c.path === '/courses/c-1/modules/m1/lessons/l1/self-check');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: entry.id, body: { pregunta: 1, respuesta: 'Guarda un dato' } });
  });

  it('offline, the dashboard lists the downloaded courses, marked, and says the list is this device\'s', async () => {
    const state = { online: true };
    backend(state);
    await downloadCourse();
    const online = renderAt('/dashboard');
    const item = (await screen.findByRole('heading', { level: 3, name: 'Python desde cero' })).closest('li') as HTMLElement;
    expect(await within(item).findByText('Disponible sin conexión')).toBeInTheDocument();
    expect(screen.queryByText(/^Estás sin conexión: ves los cursos que descargaste/)).not.toBeInTheDocument();
    online.unmount();

    state.online = false;
    setOnline(false);
    renderAt('/dashboard');
    expect(await screen.findByText(/^Estás sin conexión: ves los cursos que descargaste en este dispositivo/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Python desde cero' })).toBeInTheDocument();
  });

  it('offline, /repaso shows the course\'s due card, its downloaded answer, and keeps the rating for later', async () => {
    const state = { online: true };
    const api = backend(state);
    await downloadCourse();
    state.online = false;
    setOnline(false);
    renderAt('/repaso?curso=c-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: '¿Qué guarda una variable?' })).toBeInTheDocument();
    const revealed = api.count(`POST /review/${CARD}/reveal`);
    await user.click(screen.getByRole('button', { name: /Un valor/ }));
    expect(await screen.findByText('Una variable guarda un valor.')).toBeInTheDocument();
    // The option chosen is checked against the downloaded key, on the device.
    expect(screen.getByText('¡Correcto!')).toBeInTheDocument();
    expect(api.count(`POST /review/${CARD}/reveal`)).toBe(revealed);
    await user.click(await screen.findByRole('button', { name: /Bien/ }));
    expect(await screen.findByText(/1 calificación espera en este dispositivo/)).toBeInTheDocument();
    expect(await outboxOf('u-1').list()).toEqual([expect.objectContaining({ kind: 'calificacion', cardId: CARD })]);
  });

  it('"Actualizar la descarga" asks with the copy\'s tag: an unchanged course comes back as a 304, the copy kept', async () => {
    const state = { online: true };
    const api = backend(state);
    await downloadCourse();
    expect((await offlineTable<{ etag?: string }>('u-1', 'cursos').all())[0].etag).toBe('W/"v1"');
    renderAt('/course/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actualizar la descarga' }));
    expect(await screen.findByText(/^Descarga actualizada: \d+ KB\.$/)).toBeInTheDocument();
    const reads = api.calls.filter((c) => c.path === '/courses/c-1');
    expect(reads.at(-1)?.ifNoneMatch).toBe('W/"v1"');
    expect((await offlineTable<{ curso: unknown }>('u-1', 'cursos').all())[0].curso).toEqual(course);
  });

  it('"Quitar la descarga" removes it; signing out erases it; another account never sees it', async () => {
    const state = { online: true };
    backend(state);
    await downloadCourse();
    const page = renderAt('/course/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quitar la descarga' }));
    expect(await screen.findByText('Descarga quitada de este dispositivo.')).toBeInTheDocument();
    expect(await offlineTable('u-1', 'cursos').all()).toEqual([]);
    page.unmount();

    await downloadCourse();
    signedIn({ ...aUser, id: 'u-2', email: 'bea@example.com', nombre: 'Bea' });
    expect(await offlineTable('u-2', 'cursos').all()).toEqual([]);
    state.online = false;
    setOnline(false);
    renderAt('/dashboard');
    expect(await screen.findByText('No hay conexión con el servidor. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(useAuthStore.getState().user?.id).toBe('u-2');
    await eraseOfflineData();
    expect(await offlineTable('u-1', 'cursos').all()).toEqual([]);
  });
});
