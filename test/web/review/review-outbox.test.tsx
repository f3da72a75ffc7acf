import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { eraseOfflineData, outboxOf } from '../../../web/src/lib/offline-store';
import { fakeApi } from '../fake-api';
import { me, ok, renderAt, signedIn } from '../courses/fixtures';

// Issue 44: a rating given while the connection is down waits in the learner's outbox (under the key its
// first attempt carried), the screen says it waits and what needs a connection, and it is sent once, in
// order, when the browser is back online. Nothing is shown as sent before the server answered.

beforeEach(async () => {
  signedIn();
  await eraseOfflineData();
});

const COURSE = '0b6f3c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const card = (n: number) => ({
  cardId: `a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e1${n}`, courseId: COURSE, moduleId: 'm01', lessonId: 'l01', tipo: 'abierta', origen: 'Lección: Variables',
  enunciado: `¿Pregunta ${n}?`, vence: '2026-11-23T11:00:00.000Z', repasos: 0,
});
const cards = [card(1), card(2), card(3)];
const solution = (c: { cardId: string }) => ({ cardId: c.cardId, respuesta: 'Sí.', explicacion: 'Si dudas, vuelve a la lección «Variables».' });
const noAnswer = () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'));
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};
afterEach(() => setOnline(true));

function backend(state: { online: boolean; refuse?: string }) {
  const rated = new Map<string, string>();
  const routes = Object.fromEntries(cards.flatMap((c) => [
    [`POST /review/${c.cardId}/reveal`, () => ok(solution(c))],
    [`POST /review/${c.cardId}`, (call: { idempotencyKey?: string; body: unknown }) => {
      if (!state.online) return noAnswer();
      if (state.refuse === c.cardId) return [409, { success: false, message: 'Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.' }] as [number, unknown];
      rated.set(call.idempotencyKey!, c.cardId);
      return ok({ tarjeta: { ...c, repasos: 1 }, proximoRepaso: '2026-11-26T10:00:00.000Z', solucion: solution(c) });
    }],
  ]));
  const api = fakeApi({ ...me, 'GET /review/due': () => ok({ tarjetas: cards, pendientes: 3 }), 'GET /review/summary': () => ok({ pendientes: 0, metaSemanal: { meta: 5, hechas: 0, cumplida: false }, racha: { dias: 0, hoy: false }, zonaHoraria: 'UTC' }), ...routes });
  return { api, rated };
}

async function rateShown(user: ReturnType<typeof userEvent.setup>, n: number, button: RegExp) {
  expect(await screen.findByRole('heading', { name: `¿Pregunta ${n}?` })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Mostrar respuesta' }));
  await user.click(await screen.findByRole('button', { name: button }));
}

describe('/repaso without a connection', () => {
  it('keeps the ratings, says they wait and what needs a connection, and sends each once, in order, when back online', async () => {
    const state = { online: true };
    const { api, rated } = backend(state);
    renderAt('/repaso');
    const user = userEvent.setup();
    await rateShown(user, 1, /Bien/);
    expect(await screen.findByRole('heading', { name: '¿Pregunta 2?' })).toBeInTheDocument();
    expect(screen.queryByText(/Estás sin conexión/)).not.toBeInTheDocument();
    // The server stops answering (the browser still thinks it is online): the rating is tried, then kept.
    state.online = false;
    await rateShown(user, 2, /Otra vez/);
    // Then the browser knows it is offline: the rating is kept without a request.
    act(() => setOnline(false));
    await rateShown(user, 3, /Fácil/);
    expect(await screen.findByText('¡Sesión terminada! Repasaste 3 preguntas.')).toBeInTheDocument();
    const notice = screen.getByText('Estás sin conexión.').closest('[role="status"]')!;
    expect(notice).toHaveTextContent('2 calificaciones esperan en este dispositivo para enviarse. Se enviarán solas, en orden, cuando vuelva la conexión; todavía no se han enviado.');
    expect(notice).toHaveTextContent('Las evaluaciones con nota, el tutor, el Refuerzo guiado y los cursos nuevos necesitan conexión.');
    const posts = (cardId: string) => api.calls.filter((c) => c.method === 'POST' && c.path === `/review/${cardId}`);
    const triedKey = posts(cards[1].cardId)[0].idempotencyKey;
    expect(posts(cards[2].cardId)).toHaveLength(0);
    expect(rated.size).toBe(1);

    state.online = true;
    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByText(/calificaciones? esperan?/)).not.toBeInTheDocument());
    expect(screen.queryByText(/Estás sin conexión/)).not.toBeInTheDocument();
    // Sent oldest first, card 2 under the key its failed attempt carried (it may have arrived), each once.
    const sent = [...rated.entries()].slice(1);
    expect(sent.map(([, cardId]) => cardId)).toEqual([cards[1].cardId, cards[2].cardId]);
    expect(sent[0][0]).toBe(triedKey);
    expect(posts(cards[2].cardId)).toHaveLength(1);
    expect(posts(cards[1].cardId).every((c) => c.idempotencyKey === triedKey && JSON.stringify(c.body) === JSON.stringify({ calificacion: 'otra_vez', repasos: 0 }))).toBe(true);
  });

  it('says what the server refused when the outbox is sent (the card rated since elsewhere), and keeps nothing of it', async () => {
    const state: { online: boolean; refuse?: string } = { online: false };
    backend(state);
    act(() => setOnline(false));
    renderAt('/repaso');
    const user = userEvent.setup();
    // The answer of the first card is read while the reveal still answers (it is not the rating).
    await rateShown(user, 1, /Bien/);
    expect(await screen.findByText(/1 calificación espera en este dispositivo/)).toBeInTheDocument();
    state.online = true;
    state.refuse = cards[0].cardId;
    act(() => setOnline(true));
    expect(await screen.findByText('No se pudo guardar: Esta tarjeta ya se calificó en otra ventana. Vuelve a cargar el repaso.')).toBeInTheDocument();
    expect(screen.queryByText(/calificaci(ón|ones) esperan?/)).not.toBeInTheDocument();
  });

  it('counts a self-check answer waiting beside the ratings as an answer, not as a rating', async () => {
    const state = { online: false };
    backend(state);
    act(() => setOnline(false));
    // Answered offline on a lesson before /repaso opened (the course page kept it in the same outbox).
    await outboxOf('u-1').add({ id: crypto.randomUUID(), seq: 1, createdAt: '2026-11-23T10:00:00.000Z', kind: 'autoevaluacion', courseId: COURSE, moduleId: 'm01', lessonId: 'l01', pregunta: 1, respuesta: 'Guarda un valor.' });
    renderAt('/repaso');
    const user = userEvent.setup();
    expect(await screen.findByText(/^1 respuesta de autoevaluación espera en este dispositivo/)).toBeInTheDocument();
    await rateShown(user, 1, /Bien/);
    expect(await screen.findByText(/^1 calificación y 1 respuesta de autoevaluación esperan en este dispositivo/)).toBeInTheDocument();
    expect(screen.queryByText(/2 calificaciones/)).not.toBeInTheDocument();
  });

  it('is the learner\'s own: another account on the browser sees none of it, and signing out erases it', async () => {
    const state = { online: false };
    const { api } = backend(state);
    act(() => setOnline(false));
    renderAt('/repaso');
    const user = userEvent.setup();
    await rateShown(user, 1, /Bien/);
    expect(await screen.findByText(/1 calificación espera en este dispositivo/)).toBeInTheDocument();
    expect(await outboxOf('u-1').list()).toHaveLength(1);
    expect(await outboxOf('u-2').list()).toHaveLength(0);
    api.calls.length = 0;
    await act(() => useAuthStore.getState().logout());
    await waitFor(async () => expect(await outboxOf('u-1').list()).toHaveLength(0));
    // Nothing of it was sent on the way out either.
    expect(api.calls.filter((c) => c.path.startsWith('/review/'))).toHaveLength(0);
  });
});
