import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { me, ok, renderAt, signedIn } from '../courses/fixtures';
import { whenDue } from '../../../web/src/features/review/session-length';

// Issue 34 item 4: review that paces itself — a session length the learner chooses, when the next
// cards come, the new cards queued by the daily cap, never the same card twice in a row.

beforeEach(() => signedIn());

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const openCard = (n: number) => ({
  cardId: `a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e${String(n).padStart(2, '0')}`, courseId: COURSE, moduleId: 'm01', lessonId: 'l01', tipo: 'abierta',
  origen: 'Lección: Variables', enunciado: `Pregunta ${n}`, vence: '2026-11-23T11:00:00.000Z', repasos: 1,
});
const solution = (n: number) => ({ cardId: openCard(n).cardId, respuesta: `Respuesta ${n}`, explicacion: 'Si dudas, vuelve a la lección.' });
const NEXT = new Date(Date.now() + 26 * 3_600_000).toISOString();

function scripted(pages: ((n: number) => [number, unknown])) {
  const handlers: Record<string, (c: unknown, n: number) => [number, unknown]> = { ...me, 'GET /review/due': (_c, n) => pages(n) };
  for (const n of [1, 2, 3]) {
    handlers[`POST /review/${openCard(n).cardId}/reveal`] = () => ok(solution(n));
    handlers[`POST /review/${openCard(n).cardId}`] = () => ok({ tarjeta: openCard(n), proximoRepaso: NEXT, solucion: solution(n) });
  }
  return fakeApi(handlers);
}

it('asks for the session length the learner chose and remembers it', async () => {
  localStorage.removeItem('mentora.repaso.preguntas');
  const api = scripted(() => ok({ tarjetas: [], pendientes: 0 }));
  renderAt('/repaso');
  const user = userEvent.setup();
  expect(await screen.findByRole('radio', { name: '10 preguntas' })).toBeChecked();
  await waitFor(() => expect(api.calls.filter((c) => c.path.startsWith('/review/due')).at(-1)?.path).toContain('limite=10'));
  await user.click(screen.getByRole('radio', { name: '5 preguntas' }));
  await waitFor(() => expect(api.calls.filter((c) => c.path.startsWith('/review/due')).at(-1)?.path).toContain('limite=5'));
  expect(localStorage.getItem('mentora.repaso.preguntas')).toBe('5');
});

it('ends the session with its last card, says when the next cards come and how many new ones wait, and offers more', async () => {
  const api = scripted((n) =>
    n === 1 ? ok({ tarjetas: [openCard(1)], pendientes: 3, nuevasEnCola: 0 })
      : n === 2 ? ok({ tarjetas: [openCard(2)], pendientes: 2, nuevasEnCola: 14, proximoRepaso: NEXT })
        // The next session's page starts with the card just rated: it is shown last, never twice in a row.
        : ok({ tarjetas: [openCard(2), openCard(3)], pendientes: 2, nuevasEnCola: 14, proximoRepaso: NEXT }),
  );
  renderAt(`/repaso?curso=${COURSE}&modulo=m02`);
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Repaso del módulo' })).toBeInTheDocument();
  expect(api.calls.find((c) => c.path.startsWith('/review/due'))?.path).toMatch(/courseId=.*&moduleId=m02/);
  await user.click(await screen.findByRole('button', { name: 'Mostrar respuesta' }));
  await user.click(await screen.findByRole('button', { name: /Bien/ }));
  expect(await screen.findByText('¡Sesión terminada! Repasaste 1 pregunta.')).toBeInTheDocument();
  expect(await screen.findByText('Te quedan 2 preguntas para hoy.')).toBeInTheDocument();
  expect(screen.getByText(/14 preguntas nuevas esperan su turno: entran hasta 10 nuevas al día/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Seguir repasando' }));
  expect(await screen.findByRole('heading', { name: 'Pregunta 2' })).toBeInTheDocument();
});

it('with nothing left today, says when the next cards are due', async () => {
  scripted(() => ok({ tarjetas: [], pendientes: 0, nuevasEnCola: 0, proximoRepaso: NEXT }));
  renderAt('/repaso');
  expect(await screen.findByText('No tienes preguntas pendientes de repaso')).toBeInTheDocument();
  expect(screen.getByText(/Tus próximas preguntas llegan/)).toHaveTextContent(`Tus próximas preguntas llegan ${whenDue(NEXT)}.`);
  expect(whenDue('2026-11-28T09:00:00', new Date('2026-11-27T20:00:00'))).toBe('mañana');
  expect(whenDue('2026-11-27T21:30:00', new Date('2026-11-27T20:00:00'))).toBe('hoy a las 21:30');
  expect(whenDue('2026-12-03T09:00:00', new Date('2026-11-27T20:00:00'))).toBe('el jueves, 3 de diciembre');
});
