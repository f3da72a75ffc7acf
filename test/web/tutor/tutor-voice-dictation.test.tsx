import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { TutorContextView } from '../../../lambdas/contract/tutor';
import { AuthProvider } from '../../../web/src/app/providers/auth-provider';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorPanel } from '../../../web/src/features/tutor/tutor-panel';
import { aUser, fakeApi } from '../fake-api';
import { signedIn } from '../courses/fixtures';
import { viaFakeApi } from './fake-stream';

// Dictating a question (issue 26): the microphone exists only where the browser offers speech
// recognition; here a scripted stand-in of the Web Speech API says what it "heard".

const context: TutorContextView = {
  courseId: 'c-1', titulo: 'Python desde cero', topic: 'Python', nivel: 'principiante', modulos: [],
  progreso: { completadas: 0, total: 4, porcentaje: 0 }, historial: [], sugerencias: [],
  cuota: { plan: 'gratuito', limite: 20, usados: 0, restantes: 20, renuevaEn: '2026-11-23T00:00:00.000Z' },
};
const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];

/** The last recognition the page made, driven by the test. */
class FakeRecognition {
  static last: FakeRecognition | undefined;
  static made = 0;
  lang = '';
  interimResults = false;
  continuous = true;
  maxAlternatives = 0;
  started = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
    FakeRecognition.made += 1;
  }

  start() {
    this.started = true;
  }

  stop() {
    this.end();
  }

  abort() {
    this.onerror?.({ error: 'aborted' });
    this.end();
  }

  /** What the service heard so far: [text, final?] per result. */
  hear(...results: [string, boolean][]) {
    act(() => this.onresult?.({ resultIndex: 0, results: results.map(([transcript, isFinal]) => ({ isFinal, 0: { transcript } })) }));
  }

  fail(error: string) {
    act(() => {
      this.onerror?.({ error });
      this.end();
    });
  }

  end() {
    this.started = false;
    this.onend?.();
  }
}

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider><QueryProvider>{children}</QueryProvider></AuthProvider>;
const w = window as unknown as Record<string, unknown>;

function withRecognition(name: 'SpeechRecognition' | 'webkitSpeechRecognition') {
  FakeRecognition.last = undefined;
  FakeRecognition.made = 0;
  w[name] = FakeRecognition;
}

beforeEach(() => viaFakeApi());
afterEach(() => {
  delete w.SpeechRecognition;
  delete w.webkitSpeechRecognition;
});

function open(user: object = aUser) {
  signedIn(user);
  fakeApi({ 'GET /users/me': () => ok(user), 'GET /ai-tutor/context/c-1': () => ok(context) });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper });
  return screen.findByLabelText('Tu pregunta para el tutor');
}

test('without speech recognition in the browser there is no microphone and no note', async () => {
  await open();
  expect(screen.queryByRole('button', { name: 'Dictar la pregunta' })).not.toBeInTheDocument();
  expect(screen.queryByText(/El dictado lo hace tu navegador/)).not.toBeInTheDocument();
});

test('a refused microphone, silence or no connection are said in plain Spanish, and nothing is written', async () => {
  withRecognition('webkitSpeechRecognition');
  const input = await open();
  const mic = screen.getByRole('button', { name: 'Dictar la pregunta' });
  await userEvent.click(mic);
  FakeRecognition.last!.fail('not-allowed');
  expect(await screen.findByRole('alert')).toHaveTextContent('Tu navegador no nos deja usar el micrófono');
  await userEvent.click(mic);
  FakeRecognition.last!.fail('no-speech');
  expect(await screen.findByRole('alert')).toHaveTextContent('No te hemos oído');
  await userEvent.click(mic);
  FakeRecognition.last!.fail('network');
  expect(await screen.findByRole('alert')).toHaveTextContent('El dictado necesita conexión con el servicio de voz de tu navegador');
  expect(input).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Dictar la pregunta' })).toBeInTheDocument();
});

test('the microphone says where the audio goes, listens in Spanish, and writes what it hears as it hears it', async () => {
  withRecognition('SpeechRecognition');
  const input = await open();
  const mic = screen.getByRole('button', { name: 'Dictar la pregunta' });
  expect(mic).toHaveAccessibleDescription(/El dictado lo hace tu navegador: tu voz va a su servicio de reconocimiento \(en Chrome, el de Google\), no a Mentora\.$/);
  await userEvent.type(input, 'Una duda:');
  await userEvent.click(mic);
  const rec = FakeRecognition.last!;
  expect(rec).toMatchObject({ started: true, lang: 'es-ES', interimResults: true, continuous: false });
  expect(screen.getByRole('status')).toHaveTextContent('Te escucho');
  rec.hear(['qué es una', false]);
  expect(input).toHaveValue('Una duda: qué es una');
  rec.hear(['qué es una lista', false]);
  expect(input).toHaveValue('Una duda: qué es una lista');
  rec.hear(['qué es una lista en Python', true]);
  act(() => rec.end()); // the silence after the sentence
  expect(input).toHaveValue('Una duda: qué es una lista en Python');
  expect(screen.getByRole('button', { name: 'Dictar la pregunta' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

test('a second press stops listening and keeps what was heard', async () => {
  withRecognition('webkitSpeechRecognition');
  const input = await open();
  await userEvent.click(screen.getByRole('button', { name: 'Dictar la pregunta' }));
  FakeRecognition.last!.hear(['explícame los bucles', false]);
  await userEvent.click(screen.getByRole('button', { name: 'Dejar de dictar' }));
  expect(FakeRecognition.last!.started).toBe(false);
  expect(input).toHaveValue('explícame los bucles');
  expect(screen.getByRole('button', { name: 'Dictar la pregunta' })).toBeInTheDocument();
});

test('a learner whose voice is Mexican dictates in es-MX', async () => {
  withRecognition('webkitSpeechRecognition');
  await open({ ...aUser, voz: 'Mia' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Dictar la pregunta' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Dictar la pregunta' }));
  expect(FakeRecognition.last!.lang).toBe('es-MX');
});
