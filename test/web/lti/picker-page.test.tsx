import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi, someTokens } from '../fake-api';
import { currentPath, me, renderAt, signedIn } from '../courses/fixtures';

// /lti/elegir (issue 45 item 3, docs/lti.md "Deep Linking"): the teacher's own courses, listed with the picker's
// ticket; the choice leaves as a form post to Mentora (never as a signed answer the SPA could see or change).

const TICKET = 'P'.repeat(43);
const COURSE = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const options = (varios = true) => [200, {
  success: true, plataforma: 'moodle.colegio.edu', curso: 'Historia 3.º B', varios,
  cursos: [{ courseId: COURSE, titulo: 'La Revolución Industrial', modulos: [{ moduleId: 'm01', titulo: 'Las máquinas' }, { moduleId: 'm02', titulo: 'Las fábricas' }] }],
}] as [number, unknown];

let posted: { action: string; method: string; fields: Record<string, string> }[] = [];
beforeEach(() => {
  posted = [];
  sessionStorage.clear();
  // jsdom does not navigate: what the browser would post is read from the form itself.
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({ action: this.getAttribute('action') ?? '', method: this.method, fields: Object.fromEntries(new FormData(this).entries()) as Record<string, string> });
  });
});
afterEach(() => jest.restoreAllMocks());

test('lists the teacher\'s courses and module evaluations, and posts the choice with the ticket to Mentora', async () => {
  signedIn();
  const server = fakeApi({ ...me, 'POST /lti/seleccion/opciones': () => options() });
  renderAt(`/lti/elegir#seleccion=${TICKET}`);
  expect(await screen.findByRole('group', { name: 'La Revolución Industrial' })).toBeInTheDocument();
  // The ticket leaves the address bar (kept for this tab only) and names the call.
  expect(currentPath()).toBe('/lti/elegir');
  expect(sessionStorage.getItem('mentora.lti.seleccion')).toBe(TICKET);
  expect(server.calls.find((c) => c.path === '/lti/seleccion/opciones')?.body).toEqual({ ticket: TICKET });
  expect(screen.getByText(/Historia 3\.º B/)).toBeInTheDocument();

  const add = screen.getByRole('button', { name: 'Añadir a mi plataforma' });
  expect(add).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox', { name: /La Revolución Industrial/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Evaluación del módulo 2: Las fábricas' }));
  await userEvent.click(add);
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({
    action: '/api/lti/seleccion', method: 'post',
    fields: { ticket: TICKET, elementos: JSON.stringify([{ courseId: COURSE }, { courseId: COURSE, moduleId: 'm02' }]) },
  });
  expect(sessionStorage.getItem('mentora.lti.seleccion')).toBeNull();
});

test('a platform that takes one item offers one choice; Cancelar posts an empty choice', async () => {
  signedIn();
  fakeApi({ ...me, 'POST /lti/seleccion/opciones': () => options(false) });
  renderAt(`/lti/elegir#seleccion=${TICKET}`);
  const first = await screen.findByRole('radio', { name: 'Evaluación del módulo 1: Las máquinas' });
  await userEvent.click(first);
  await userEvent.click(screen.getByRole('radio', { name: 'Evaluación del módulo 2: Las fábricas' }));
  expect(first).not.toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0].fields).toEqual({ ticket: TICKET, elementos: '[]' });
});

test('a spent or foreign ticket shows the server\'s Spanish message; none at all says what to do', async () => {
  signedIn();
  fakeApi({ ...me, 'POST /lti/seleccion/opciones': () => [410, { success: false, message: 'Esta elección de contenido ya se envió o caducó. Vuelve a pulsar «Añadir actividad» en tu plataforma.' }] });
  renderAt(`/lti/elegir#seleccion=${TICKET}`);
  expect(await screen.findByText(/^Esta elección de contenido ya se envió o caducó\./)).toHaveAttribute('role', 'alert');
  sessionStorage.clear();
  renderAt('/lti/elegir');
  expect(await screen.findByText(/^No encontramos la solicitud de tu plataforma\./)).toHaveAttribute('role', 'alert');
});

test('inside the LMS\'s frame: /lti/entrar hands the picker its proof in sessionStorage; the list and the form post carry it, the address keeps its marco', async () => {
  const PROOF = 'Q'.repeat(43);
  const ENTRY = `${'E'.repeat(42)}1`;
  signedIn();
  const server = fakeApi({
    ...me,
    'POST /lti/sesion': () => [200, { success: true, estado: 'dentro', user: aUser, tokens: someTokens('lti-access'), destino: `/lti/elegir?marco=KKKKKKKKKKKKKKKKKKKKKK#seleccion=${TICKET}`, pruebaSeleccion: PROOF }],
    'POST /lti/seleccion/opciones': () => options(false),
  });
  renderAt(`/lti/entrar#ticket=${ENTRY}`);
  const first = await screen.findByRole('radio', { name: 'Evaluación del módulo 1: Las máquinas' });
  // Never in an address: the proof rides in the call's body.
  expect(currentPath()).toBe('/lti/elegir?marco=KKKKKKKKKKKKKKKKKKKKKK');
  expect(server.calls.find((c) => c.path === '/lti/seleccion/opciones')?.body).toEqual({ ticket: TICKET, prueba: PROOF });
  await userEvent.click(first);
  await userEvent.click(screen.getByRole('button', { name: 'Añadir a mi plataforma' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0].fields).toEqual({ ticket: TICKET, elementos: JSON.stringify([{ courseId: COURSE, moduleId: 'm01' }]), prueba: PROOF });
  expect(sessionStorage.getItem('mentora.lti.seleccion.prueba')).toBeNull();
});

test('a proof kept for another picker\'s ticket is not sent', async () => {
  signedIn();
  sessionStorage.setItem('mentora.lti.seleccion.prueba', JSON.stringify({ ticket: 'Z'.repeat(43), prueba: 'Q'.repeat(43) }));
  const server = fakeApi({ ...me, 'POST /lti/seleccion/opciones': () => options() });
  renderAt(`/lti/elegir#seleccion=${TICKET}`);
  await screen.findByRole('group', { name: 'La Revolución Industrial' });
  expect(server.calls.find((c) => c.path === '/lti/seleccion/opciones')?.body).toEqual({ ticket: TICKET });
});
