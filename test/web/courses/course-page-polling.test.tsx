import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../fake-api';
import { aJob, courseBeingWritten, me, ok, renderAt, signedIn, WRITTEN_LESSON } from './fixtures';

// Issue 23 item 4: while a course is written the page re-reads the course only when its job moved
// (another lesson done, a new step, the end), not after every poll; and a poll never shows the
// blocking overlay (SPEC: only auth, course, progress and evaluacion types block; polls are silent).

beforeEach(() => signedIn());

it('ten polls of a job whose only change is updatedAt never re-read the course; the course still reaches lista', async () => {
  const { writing, written } = courseBeingWritten();
  let ended = false;
  const server = fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(ended ? written : writing),
    'GET /jobs/j-1': (_c, n) => {
      if (n > 10) ended = true;
      return ok(ended
        ? aJob({ status: 'completado', step: 'completado', stepLabel: 'Curso listo', done: 4, total: 4 })
        : aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 1, total: 4, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() }));
    },
  });
  renderAt('/course/c-1');
  expect(await screen.findByText('Creando tu curso personalizado...')).toBeInTheDocument();
  expect(await screen.findByText(WRITTEN_LESSON)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Creando tu curso personalizado...')).not.toBeInTheDocument());
  expect(server.count('GET /jobs/j-1')).toBe(11);
  // Between the poll after the first re-read and the poll that saw the end (eight polls where only
  // updatedAt changed), the course was not read once. Before issue 23 it was read after each of them.
  const order = server.calls.map((c) => c.path).filter((p) => p === '/jobs/j-1' || p === '/courses/c-1');
  const firstReRead = order.indexOf('/courses/c-1', 1);
  const endSeen = order.lastIndexOf('/jobs/j-1');
  expect(order.slice(firstReRead + 1, endSeen).every((p) => p === '/jobs/j-1')).toBe(true);
  expect(order.slice(firstReRead + 1, endSeen).length).toBeGreaterThanOrEqual(8);
  // The first (blocking) course read's overlay fades out 300 ms after it ends (SPEC §4); on a busy
  // machine that can still be under way here. No poll brings it back: it leaves and stays gone.
  await waitFor(() => expect(document.querySelector('[role="alertdialog"], [aria-busy="true"]')).toBeNull());
});
