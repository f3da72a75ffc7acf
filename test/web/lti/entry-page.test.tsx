import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readTokens } from '../../../web/src/lib/token-storage';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { aUser, fakeApi, someTokens } from '../fake-api';
import { currentPath, renderAt, signedIn } from '../courses/fixtures';

// /lti/entrar (issue 45, docs/lti.md "Signing in"): the launch's ticket becomes a session; someone signed in is
// asked before their account is linked to the LMS identity, and nothing is linked without their click.

// One ticket per test: the page posts a ticket once per page load (module state), as a ticket is spent by its first use.
let n = 0;
const newTicket = () => `${String(++n).padStart(3, '0')}${'T'.repeat(40)}`;
const lmsUser = { ...aUser, id: 'lti-1', email: 'lti-abc@lti.mentora.invalid', nombre: 'Jane Doe' };
const inside = (over: object = {}) => [200, { success: true, estado: 'dentro', user: lmsUser, tokens: someTokens('lti-access'), destino: '/aulas', ...over }] as [number, unknown];

function signedOut() {
  localStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null });
}

test('nobody signed in: the ticket signs in to the LMS identity\'s account and lands where the server says, once', async () => {
  const TICKET = newTicket();
  signedOut();
  const server = fakeApi({ 'POST /lti/sesion': () => inside({ destino: '/aulas' }), 'GET /aulas': () => [200, { success: true, data: { comoProfesor: [], comoMiembro: [] } }] });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  await waitFor(() => expect(currentPath()).toBe('/aulas'));
  expect(server.calls.filter((c) => c.path === '/lti/sesion').map((c) => c.body)).toEqual([{ ticket: TICKET, cuentaNueva: true }]);
  expect(readTokens().accessToken).toBe('lti-access');
  expect(useAuthStore.getState().user?.id).toBe('lti-1');
});

test('signed in and not linked: asks, names the platform and the account, and links only on "Vincular mi cuenta"', async () => {
  const TICKET = newTicket();
  signedIn();
  const server = fakeApi({
    'GET /users/me': () => [200, { success: true, data: aUser }],
    'POST /lti/sesion': () => [200, { success: true, estado: 'sin-cuenta', nombre: 'Jane Doe', plataforma: 'moodle.escuela.edu' }],
    'POST /lti/vincular': () => [200, { success: true, destino: '/dashboard', message: 'Tu cuenta de Mentora quedó vinculada a tu plataforma.' }],
  });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  expect(await screen.findByRole('heading', { name: '¿Vinculamos tu cuenta?' })).toBeInTheDocument();
  expect(screen.getAllByText('moodle.escuela.edu').length).toBeGreaterThan(0);
  expect(server.calls.find((c) => c.path === '/lti/sesion')?.body).toEqual({ ticket: TICKET, cuentaNueva: false });
  expect(server.calls.some((c) => c.path === '/lti/vincular')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Vincular mi cuenta' }));
  await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  expect(server.calls.find((c) => c.path === '/lti/vincular')?.body).toEqual({ ticket: TICKET });
  // Still the same account: linking signs nobody else in.
  expect(useAuthStore.getState().user?.id).toBe(aUser.id);
});

test('"No, usar una cuenta nueva" enters the LMS identity\'s own account instead', async () => {
  const TICKET = newTicket();
  signedIn();
  const server = fakeApi({
    'GET /users/me': () => [200, { success: true, data: aUser }],
    'POST /lti/sesion': (call) => ((call.body as { cuentaNueva: boolean }).cuentaNueva ? inside({ destino: '/dashboard' }) : [200, { success: true, estado: 'sin-cuenta', nombre: 'Jane Doe', plataforma: 'moodle.escuela.edu' }]),
  });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  await userEvent.click(await screen.findByRole('button', { name: 'No, usar una cuenta nueva' }));
  await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  expect(server.calls.some((c) => c.path === '/lti/vincular')).toBe(false);
  expect(useAuthStore.getState().user?.id).toBe('lti-1');
});

test('a spent ticket shows the server\'s Spanish message; no ticket at all says what to do', async () => {
  const TICKET = newTicket();
  signedOut();
  fakeApi({ 'POST /lti/sesion': () => [401, { success: false, message: 'Este acceso desde tu plataforma ya se usó o caducó. Vuelve a abrir la actividad desde tu plataforma.' }] });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  // The page's own alert (the loading overlay is an alert too while the call runs).
  expect(await screen.findByText(/^Este acceso desde tu plataforma ya se usó o caducó\./)).toHaveAttribute('role', 'alert');
  signedOut();
  renderAt('/lti/entrar');
  expect(await screen.findByText(/^No encontramos el acceso de tu plataforma\./)).toHaveAttribute('role', 'alert');
});

test('linking with a ticket that expired on the linking screen: the server\'s 410 is shown, and the owner stays signed in', async () => {
  const TICKET = newTicket();
  signedIn();
  const spent = 'Este acceso desde tu plataforma ya se usó o caducó. Vuelve a abrir la actividad desde tu plataforma.';
  const server = fakeApi({
    'GET /users/me': () => [200, { success: true, data: aUser }],
    'POST /lti/sesion': () => [200, { success: true, estado: 'sin-cuenta', nombre: 'Jane Doe', plataforma: 'moodle.escuela.edu' }],
    'POST /lti/vincular': () => [410, { success: false, message: spent }],
  });
  const tokens = readTokens();
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Vincular mi cuenta' }));
  expect(await screen.findByText(spent)).toHaveAttribute('role', 'alert');
  // Not a sign-out: no refresh was tried, the tokens and the account are as they were.
  expect(server.count('POST /auth/refresh')).toBe(0);
  expect(readTokens()).toEqual(tokens);
  expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { id: aUser.id } });
  expect(currentPath()).toBe('/lti/entrar');
});

// Issue 45 item 4: a learner's first launch into the LMS course's aula says who receives their grade before they study.
const notice = {
  plataforma: 'Moodle del Colegio', host: 'moodle.colegio.edu',
  recibe: ['Tu nota (de 0 a 100) en las evaluaciones y cursos de Mentora que tu profesor enlazó como actividades'],
  profesorVe: ['Tu nombre', 'Tu progreso por módulo en los cursos asignados'],
  profesorNoVe: ['Tu correo electrónico'],
};

test('a first launch into the aula says which platform receives the grade and what the teacher sees, and moves on only when read', async () => {
  const TICKET = newTicket();
  signedOut();
  fakeApi({ 'POST /lti/sesion': () => inside({ destino: '/course/copia-1?modulo=m02&evaluacion', avisoNotas: notice }) });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  expect(await screen.findByRole('heading', { name: 'Antes de empezar: quién ve tu nota' })).toBeInTheDocument();
  expect(screen.getByText('Moodle del Colegio (moodle.colegio.edu)')).toBeInTheDocument();
  expect(screen.getByText(notice.recibe[0])).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Lo que verá tu profesor en Mentora' })).toBeInTheDocument();
  expect(screen.getByText('Tu correo electrónico')).toBeInTheDocument();
  // Signed in already, but still here: nothing is studied before the notice is read.
  expect(readTokens().accessToken).toBe('lti-access');
  expect(currentPath()).toBe('/lti/entrar');
  await userEvent.click(screen.getByRole('button', { name: 'Entendido, empezar' }));
  await waitFor(() => expect(currentPath()).toBe('/course/copia-1?modulo=m02&evaluacion'));
});

test('a later launch (no notice from the server) goes straight in', async () => {
  const TICKET = newTicket();
  signedOut();
  fakeApi({ 'POST /lti/sesion': () => inside({ destino: '/aulas' }), 'GET /aulas': () => [200, { success: true, data: { comoProfesor: [], comoMiembro: [] } }] });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  await waitFor(() => expect(currentPath()).toBe('/aulas'));
  expect(screen.queryByRole('heading', { name: 'Antes de empezar: quién ve tu nota' })).not.toBeInTheDocument();
});

test('inside the LMS\'s frame (no cookie kept): the ticket\'s proof the launch\'s page left in sessionStorage goes with the ticket, once, for that ticket only', async () => {
  const TICKET = newTicket();
  const PROOF = 'P'.repeat(43);
  signedOut();
  sessionStorage.setItem('mentora.lti.prueba', JSON.stringify({ ticket: TICKET, prueba: PROOF }));
  const server = fakeApi({ 'POST /lti/sesion': () => inside({ destino: '/dashboard' }) });
  renderAt(`/lti/entrar?marco=${'k'.repeat(22)}#ticket=${TICKET}`);
  await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  expect(server.calls.filter((c) => c.path === '/lti/sesion').map((c) => c.body)).toEqual([{ ticket: TICKET, cuentaNueva: true, prueba: PROOF }]);
  // Read once and removed: it never outlives the entry.
  expect(sessionStorage.getItem('mentora.lti.prueba')).toBeNull();
});

test('a proof kept for another ticket is not sent', async () => {
  const TICKET = newTicket();
  signedOut();
  sessionStorage.setItem('mentora.lti.prueba', JSON.stringify({ ticket: 'otro', prueba: 'P'.repeat(43) }));
  const server = fakeApi({ 'POST /lti/sesion': () => inside({ destino: '/dashboard' }) });
  renderAt(`/lti/entrar#ticket=${TICKET}`);
  await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  expect(server.calls.find((c) => c.path === '/lti/sesion')?.body).toEqual({ ticket: TICKET, cuentaNueva: true });
});

test('a launch carried to a new tab (proof in its address): "¿Eres tú?" names the LMS user; nothing signs in until "Sí, soy yo"; the address is wiped', async () => {
  const TICKET = newTicket();
  const PROOF = 'P'.repeat(43);
  signedOut();
  const server = fakeApi({
    'POST /lti/sesion': (call) => ((call.body as { confirmado?: boolean }).confirmado
      ? inside({ destino: '/aulas' })
      : [200, { success: true, estado: 'confirmar', nombre: 'Jane Doe', plataforma: 'Moodle del colegio' }]),
    'GET /aulas': () => [200, { success: true, data: { comoProfesor: [], comoMiembro: [] } }],
  });
  renderAt(`/lti/entrar#ticket=${TICKET}&prueba=${PROOF}`);
  expect(await screen.findByRole('heading', { name: '¿Eres tú?' })).toBeInTheDocument();
  expect(screen.getByText('Jane Doe')).toBeInTheDocument();
  expect(screen.getByText('Moodle del colegio')).toBeInTheDocument();
  expect(window.location.hash).toBe('');
  expect(readTokens().accessToken).toBeFalsy();
  expect(server.calls.filter((c) => c.path === '/lti/sesion').map((c) => c.body)).toEqual([{ ticket: TICKET, cuentaNueva: true, prueba: PROOF }]);
  await userEvent.click(screen.getByRole('button', { name: 'Sí, soy yo' }));
  await waitFor(() => expect(currentPath()).toBe('/aulas'));
  expect(server.calls.filter((c) => c.path === '/lti/sesion').map((c) => c.body)[1]).toEqual({ ticket: TICKET, cuentaNueva: true, prueba: PROOF, confirmado: true });
  expect(readTokens().accessToken).toBe('lti-access');
});

test('"No soy yo" leaves without signing in', async () => {
  const TICKET = newTicket();
  signedOut();
  const server = fakeApi({ 'POST /lti/sesion': () => [200, { success: true, estado: 'confirmar', nombre: 'Otra persona', plataforma: 'moodle.escuela.edu' }] });
  renderAt(`/lti/entrar#ticket=${TICKET}&prueba=${'Q'.repeat(43)}`);
  await userEvent.click(await screen.findByRole('button', { name: 'No soy yo' }));
  await waitFor(() => expect(currentPath()).toBe('/'));
  expect(server.calls.filter((c) => c.path === '/lti/sesion')).toHaveLength(1);
  expect(readTokens().accessToken).toBeFalsy();
});
