import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { eraseOfflineData, outboxOf } from '../../../web/src/lib/offline-store';
import { fakeApi, type Call } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn } from '../courses/fixtures';

// Issue 44 items 3-4 for progress: "Marcar como completada" with no connection waits in the outbox (once per
// lesson), the page shows the lesson completed on this device and says it is not sent, a reload offline still
// shows it, and back online it is sent once and the course is read again.

const course = aCourse({ modulos: [moduleOf('m1', [lesson('l1'), lesson('l2')])] });
const noAnswer = () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'));
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function backend(state: { online: boolean }) {
  const writes: unknown[] = [];
  function up<T>(answer: (c: Call) => T) {
    return (c: Call) => (state.online ? answer(c) : noAnswer());
  }
  const api = fakeApi({
    ...me,
    'GET /courses/c-1': up(() => ok(course)),
    'GET /review/due': up(() => ok({ tarjetas: [], pendientes: 0 })),
    'POST /courses/c-1/progress': up((c) => {
      writes.push(c.body);
      const body = c.body as { moduleId: string; lessonId: string; estado: 'en_curso' | 'completado' };
      return progressAnswer(body.moduleId, body.lessonId, body.estado);
    }),
  });
  return { api, writes };
}

beforeEach(async () => {
  signedIn();
  await eraseOfflineData();
});
afterEach(() => setOnline(true));

it('a lesson completed offline waits in the outbox, shows completed (after a reload too), and is sent once when back online', async () => {
  const state = { online: true };
  const { api, writes } = backend(state);
  const user = userEvent.setup();
  const first = renderAt('/course/c-1?modulo=m1&leccion=l1');
  await user.click(await screen.findByRole('button', { name: 'Descargar para estudiar sin conexión' }));
  await screen.findByText(/^Curso descargado:/);
  first.unmount();

  state.online = false;
  setOnline(false);
  const offline = renderAt('/course/c-1?modulo=m1&leccion=l1');
  await user.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
  expect(await screen.findByText('Lección completada')).toBeInTheDocument();
  expect(await screen.findByText(/^1 lección completada espera en este dispositivo para enviarse\./)).toBeInTheDocument();
  expect(await outboxOf('u-1').list()).toEqual([expect.objectContaining({ kind: 'progreso', courseId: 'c-1', moduleId: 'm1', lessonId: 'l1', estado: 'completado' })]);
  offline.unmount();

  // A reload, still offline: the copy shows the lesson as the learner left it, and the outbox still holds one entry.
  renderAt('/course/c-1?modulo=m1&leccion=l1');
  expect(await screen.findByText('Lección completada')).toBeInTheDocument();
  expect(await screen.findByText(/^1 lección completada espera/)).toBeInTheDocument();
  expect(writes.filter((w) => (w as { estado: string }).estado === 'completado')).toEqual([]);

  const reads = api.count('GET /courses/c-1');
  state.online = true;
  setOnline(true);
  await waitFor(async () => expect(await outboxOf('u-1').list()).toEqual([]));
  expect(writes.filter((w) => (w as { estado: string }).estado === 'completado')).toEqual([{ moduleId: 'm1', lessonId: 'l1', estado: 'completado' }]);
  // Sent: the course page reads the server's progress again, and nothing says it waits.
  await waitFor(() => expect(api.count('GET /courses/c-1')).toBeGreaterThan(reads));
  await waitFor(() => expect(screen.queryByText(/lección completada espera/)).not.toBeInTheDocument());
});

it('marking the same lesson twice offline keeps one entry', async () => {
  backend({ online: false });
  setOnline(false);
  const { keepLessonCompleted } = await import('../../../web/src/features/offline');
  const lessonKey = { courseId: 'c-1', moduleId: 'm1', lessonId: 'l1' };
  await keepLessonCompleted(lessonKey);
  await keepLessonCompleted(lessonKey);
  expect(await outboxOf('u-1').list()).toHaveLength(1);
});
