import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, aJob, courseBeingWritten, WRITTEN_LESSON, lesson, me, moduleOf, ok, renderAt, saved, signedIn, summaryOf } from './fixtures';

// Issue 21 item 3: server state lives in one query cache (web/src/app/providers). These cases show
// what it does for the learner: a write updates every page that shows what it changed, without a
// reload; moving between pages asks nothing the cache still holds fresh; a finished job is asked no more.

beforeEach(() => signedIn());

const progressOf = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow');
const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;
const nav = () => screen.getByRole('link', { name: 'Mis Cursos' });

/** A course whose first lesson is already open (en_curso): visiting it writes nothing. */
const opened = () => aCourse({ modulos: [moduleOf('m1', [lesson('l1', { progreso: 'en_curso' }), lesson('l2')]), moduleOf('m2', [lesson('l3')])] });
const completedAnswer = {
  courseId: 'c-1',
  progreso: { completadas: 1, total: 3, porcentaje: 33 },
  modulos: [{ moduleId: 'm1', progreso: { completadas: 1, total: 2, porcentaje: 50 } }, { moduleId: 'm2', progreso: { completadas: 0, total: 1, porcentaje: 0 } }],
  leccion: { moduleId: 'm1', lessonId: 'l1', estado: 'completado' },
};

it('completing a lesson updates the course on screen at once, and the dashboard shows it on return, with no manual reload', async () => {
  let done = false;
  const server = fakeApi({
    ...me,
    'GET /courses/my-courses': () => ok([summaryOf(opened(), { progreso: done ? completedAnswer.progreso : { completadas: 0, total: 3, porcentaje: 0 } })]),
    'GET /courses/c-1': () => ok(opened()),
    'POST /courses/c-1/progress': () => {
      done = true;
      return saved(completedAnswer);
    },
  });
  renderAt('/dashboard');
  const user = userEvent.setup();
  await user.click(within(await waitFor(() => card('Python desde cero'))).getByRole('link', { name: /Continuar|Empezar/ }));
  await user.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
  await waitFor(() => expect(progressOf('Progreso del curso')).toBe('33'));
  expect(screen.getByRole('link', { name: /Lección l1 \(completada\)/ })).toBeInTheDocument();
  // The answer of the write was applied to the cached course: it was read once, never reloaded.
  expect(server.count('GET /courses/c-1')).toBe(1);

  // The write marked the dashboard's list stale: going back reads it again and shows 33 %.
  await user.click(nav());
  await waitFor(() => expect(within(card('Python desde cero')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33'));
  expect(server.count('GET /courses/my-courses')).toBe(2);
});

it('dashboard → course → dashboard with no write in between reads each once: the cache is fresh', async () => {
  const server = fakeApi({ ...me, 'GET /courses/my-courses': () => ok([summaryOf(opened())]), 'GET /courses/c-1': () => ok(opened()) });
  renderAt('/dashboard');
  const user = userEvent.setup();
  await user.click(within(await waitFor(() => card('Python desde cero'))).getByRole('link', { name: /Continuar|Empezar/ }));
  expect(await screen.findByRole('button', { name: 'Marcar como completada' })).toBeInTheDocument();
  await user.click(nav());
  expect(await screen.findByRole('heading', { level: 3, name: 'Python desde cero' })).toBeInTheDocument();
  await user.click(within(card('Python desde cero')).getByRole('link', { name: /Continuar|Empezar/ }));
  expect(await screen.findByRole('button', { name: 'Marcar como completada' })).toBeInTheDocument();
  expect(server.count('GET /courses/my-courses')).toBe(1);
  expect(server.count('GET /courses/c-1')).toBe(1);
  expect(server.count('POST /courses/c-1/progress')).toBe(0);
});

it('the job poll stops when the job ends; the course is re-read when it moved, and then no more', async () => {
  const { writing, written } = courseBeingWritten();
  let ended = false;
  const server = fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(ended ? written : writing),
    'GET /jobs/j-1': (_c, n) => {
      if (n >= 3) ended = true;
      return ok(ended ? aJob({ status: 'completado', step: 'completado', stepLabel: 'Curso listo', done: 4, total: 4 }) : aJob({ step: 'contenido', done: n, total: 4 }));
    },
    'POST /courses/c-1/progress': () => saved(completedAnswer),
  });
  renderAt('/course/c-1');
  expect(await screen.findByText(WRITTEN_LESSON)).toBeInTheDocument();
  const polls = server.count('GET /jobs/j-1');
  const reads = server.count('GET /courses/c-1');
  expect(polls).toBe(3);
  // The first read, then at most one per poll that moved the job (done 1, done 2, ended).
  expect(reads).toBeGreaterThanOrEqual(2);
  expect(reads).toBeLessThanOrEqual(polls + 1);
  // Ten times the longest wait between polls (polling.maxJobMs is 40 ms in these tests): nothing more.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(server.count('GET /jobs/j-1')).toBe(polls);
  expect(server.count('GET /courses/c-1')).toBe(reads);
});
