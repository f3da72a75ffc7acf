import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedCourse } from '../../../lambdas/contract/sharing';
import { resetStartupForTests } from '../../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { aUser, fakeApi } from '../fake-api';
import { currentPath, me, ok, renderAt, signedIn } from '../courses/fixtures';

// Issue 40 item 4 (docs/sharing.md "Links change nothing by themselves"): every page the SPA reaches
// through a query string or a return path, opened by a signed-in learner from a crafted link, sends
// reads only. A write is a learner's click. The join link's own test (test/web/aulas) and the shared
// page's (sharing.test.tsx) press the button too; here each page is only opened.

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const shared: SharedCourse = {
  shareId: SHARE_ID, titulo: 'Huerto urbano', descripcion: 'Cultiva en un balcón.', topic: 'Huertos', nivel: 'principiante', modo: 'ia', objetivos: [], totalLecciones: 1,
  modulos: [{ moduleId: 'm01', titulo: 'Empezar', descripcion: 'Lo básico', lecciones: [{ lessonId: 'l01', titulo: 'El sustrato', resumen: 'Tierra', contenido: 'El sustrato retiene el agua.' }] }],
};
const writes = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

const pages: [string, () => Promise<unknown>][] = [
  [`/compartido/${SHARE_ID}?copiar=1`, () => screen.findByRole('heading', { name: '¿Copiar «Huerto urbano» a tus cursos?' })],
  ['/aulas/unirse/K7MP3QXA', () => screen.findByRole('button', { name: 'Unirme al aula' })],
  ['/payments/methods?resultado=guardado', () => screen.findByRole('heading', { name: 'Métodos de Pago' })],
  ['/payments/success?session_id=cs_1', () => screen.findByRole('heading', { name: 'Confirmando tu pago…' })],
  ['/generar?material=mat-1', () => screen.findByLabelText('¿Qué quieres aprender?')],
  ['/repaso?curso=c-1&modulo=m01', () => screen.findByRole('heading', { name: 'Repaso del módulo' })],
];

const reads = {
  ...me,
  [`GET /compartidos/${SHARE_ID}`]: () => ok(shared),
  'GET /aulas/invitacion/K7MP3QXA': () => ok({ aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', cursos: [], compartes: ['Tu nombre'], noCompartes: ['Tu correo'], completa: false, yaEresMiembro: false }),
  'GET /payments/methods': () => ok([]),
  'GET /review/due': () => ok({ tarjetas: [], pendientes: 0 }),
  'GET /materials': () => ok([]),
};

test.each(pages)('signed in, %s opened from a link sends no write', async (path, landed) => {
  signedIn();
  const server = fakeApi(reads);
  renderAt(path);
  await landed();
  expect(writes(server.calls)).toEqual([]);
});

test('signing in with a pending copy (the return path) lands on the offer and copies nothing', async () => {
  localStorage.clear();
  sessionStorage.clear();
  resetStartupForTests();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
  sessionStorage.setItem('mentora.volverA', `/compartido/${SHARE_ID}?copiar=1`);
  const server = fakeApi({
    'POST /auth/login': () => [200, { success: true, user: aUser, message: 'Sesión iniciada', tokens: { accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresIn: 3600 } }],
    ...reads,
  });
  renderAt('/login');
  await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/Contraseña/), 'Aprender2025');
  await userEvent.click(screen.getByRole('button', { name: /Iniciar sesión/i }));
  await screen.findByRole('heading', { name: '¿Copiar «Huerto urbano» a tus cursos?' });
  await waitFor(() => expect(currentPath()).toBe(`/compartido/${SHARE_ID}?copiar=1`));
  expect(writes(server.calls)).toEqual(['POST /auth/login']);
});
