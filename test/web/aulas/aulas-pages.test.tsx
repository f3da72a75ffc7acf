import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AulaGroupView, AulaView, InvitationPreview, MyAulas } from '../../../lambdas/contract/aulas';
import type { DiplomadoSummary } from '../../../lambdas/contract/diplomado-views';
import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER } from '../../../lambdas/contract/aulas';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { diplomadoLabel } from '../../../web/src/features/aulas/assigned-list';
import { aUser, fakeApi } from '../fake-api';
import { aCourse, currentPath, ok, renderAt, signedIn, summaryOf } from '../courses/fixtures';

// Aulas in the SPA (issue 25): the join page says what the teacher will see before the learner
// confirms; "Mis aulas" for a free learner, a teacher and a member; the teacher's group page.

const premium = { ...aUser, plan: { nombre: 'premium' } };
const me = (user: object) => ({ 'GET /users/me': () => ok(user) });
const pct = (completadas: number, total: number) => ({ completadas, total, porcentaje: total ? Math.round((completadas / total) * 100) : 0 });
const anAula = { aulaId: 'a-1', nombre: 'Biología 3.º B', codigo: 'K7MP3QXA', enlace: '/aulas/unirse/K7MP3QXA', miembros: 2, maxMiembros: 30, creadoEn: '2026-11-25',
  cursos: [{ courseId: 'c-1', titulo: 'La célula', modulos: [{ moduleId: 'm01', titulo: 'Membrana', lecciones: 2 }] }] };
const preview = (over: Partial<InvitationPreview> = {}): InvitationPreview => ({
  aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', cursos: [{ titulo: 'La célula' }],
  compartes: [...SHARED_WITH_TEACHER], noCompartes: [...NOT_SHARED_WITH_TEACHER], completa: false, yaEresMiembro: false, ...over,
});

test('the join page shows, before joining, exactly what the teacher will see, and joins only when the learner confirms', async () => {
  signedIn();
  const server = fakeApi({
    ...me(aUser),
    'GET /aulas/invitacion/K7MP3QXA': () => ok(preview()),
    'POST /aulas/join': () => [201, { success: true, data: { aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', unidoEn: '2026-11-25', cursos: [] } }],
    'GET /aulas': () => ok({ comoProfesor: [], comoMiembro: [] } satisfies MyAulas),
  });
  renderAt('/aulas/unirse/K7MP3QXA');
  const seen = await screen.findByRole('heading', { name: 'Lo que verá tu profesor' });
  const list = within(seen.parentElement!).getAllByRole('listitem').map((li) => li.textContent);
  expect(list).toEqual([...SHARED_WITH_TEACHER]);
  expect(screen.getByText('Tu correo electrónico')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path === '/aulas/join')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Unirme al aula' }));
  await waitFor(() => expect(currentPath()).toBe('/aulas'));
  expect(server.calls.find((c) => c.path === '/aulas/join')?.body).toEqual({ codigo: 'K7MP3QXA' });
});

test('a wrong code shows the server\'s Spanish message and no join button', async () => {
  signedIn();
  fakeApi({ ...me(aUser), 'GET /aulas/invitacion/ZZZZ2222': () => [404, { success: false, message: 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.' }] });
  renderAt('/aulas/unirse/ZZZZ2222');
  expect(await screen.findByText('No encontramos ningún aula con ese código. Revisa que esté bien escrito.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Unirme al aula' })).not.toBeInTheDocument();
});

test('a free learner sees the aulas they are in, can leave after confirming, and is offered Premium to teach', async () => {
  signedIn();
  let member = true;
  const server = fakeApi({
    ...me(aUser),
    'GET /aulas': () => ok({ comoProfesor: [], comoMiembro: member ? [{ aulaId: 'a-1', nombre: 'Biología 3.º B', profesor: 'Marta', unidoEn: '2026-11-25', cursos: [{ courseId: 'c-1', titulo: 'La célula', miCurso: 'mine-1' }] }] : [] } satisfies MyAulas),
    'DELETE /aulas/a-1/membership': () => { member = false; return [200, { success: true, message: 'Saliste del aula.' }]; },
  });
  renderAt('/aulas');
  expect(await screen.findByRole('link', { name: 'Estudiar La célula' })).toHaveAttribute('href', '/course/mine-1');
  expect(screen.getByRole('link', { name: 'Ver planes y pasar a Premium' })).toHaveAttribute('href', '/changeplan');
  expect(screen.queryByLabelText('Nombre de la nueva aula')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Salir del aula «Biología 3.º B»' }));
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Sí, salir' }));
  expect(await screen.findByText('Todavía no estás en ningún aula. Pide el código a tu profesor.')).toBeInTheDocument();
});

test('a premium teacher creates an aula and sees its code and members', async () => {
  signedIn(premium);
  let aulas: MyAulas['comoProfesor'] = [];
  const server = fakeApi({
    ...me(premium),
    'GET /aulas': () => ok({ comoProfesor: aulas, comoMiembro: [] } satisfies MyAulas),
    'POST /aulas': () => { aulas = [{ ...anAula, miembros: 0, cursos: [] }]; return [201, { success: true, data: aulas[0] }]; },
  });
  renderAt('/aulas');
  await userEvent.click(await screen.findByRole('button', { name: 'Crear aula' }));
  expect(screen.getByText('El nombre del aula es obligatorio')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Nombre de la nueva aula'), 'Biología 3.º B');
  await userEvent.click(screen.getByRole('button', { name: 'Crear aula' }));
  expect(await screen.findByText('K7MP3QXA')).toBeInTheDocument();
  expect(screen.getByText('0 de 30 miembros')).toBeInTheDocument();
  expect(server.calls.find((c) => c.path === '/aulas' && c.method === 'POST')?.body).toEqual({ nombre: 'Biología 3.º B' });
});

const written = (courseId: string, titulo: string) => summaryOf(aCourse({ courseId, titulo, estado: 'listo' }));
const aDiplomado = (over: Partial<DiplomadoSummary> = {}): DiplomadoSummary => ({
  diplomadoId: 'd-1', titulo: 'Biología celular', descripcion: 'Tres cursos', topic: 'biología', nivel: 'principiante', modo: 'ia',
  progreso: pct(0, 3), createdAt: '2026-11-20', cursos: 3, generados: 2, ...over,
});
/** A teacher's aulas page whose PUT replies with what the API would make of the request. */
function teacherWith(diplomados: DiplomadoSummary[], initial: AulaView = anAula) {
  signedIn(premium);
  let aula = initial;
  const server = fakeApi({
    ...me(premium),
    'GET /aulas': () => ok({ comoProfesor: [aula], comoMiembro: [] } satisfies MyAulas),
    'GET /courses/my-courses': () => ok([written('c-1', 'La célula'), written('c-2', 'Mitosis')]),
    'GET /diplomado': () => ok(diplomados),
    'PUT /aulas/a-1/asignaciones': (call) => {
      const body = call.body as { cursos: string[]; diplomados: string[] };
      const fromDiplomado = body.diplomados.includes('d-1') ? [{ courseId: 'c-2', titulo: 'Mitosis', modulos: [], diplomado: { diplomadoId: 'd-1', titulo: 'Biología celular' } }] : [];
      aula = { ...aula, cursos: [...anAula.cursos.filter((c) => body.cursos.includes(c.courseId)), ...fromDiplomado] };
      return ok(aula);
    },
  });
  renderAt('/aulas');
  return server;
}
const assignBody = (server: ReturnType<typeof fakeApi>) => server.calls.find((c) => c.method === 'PUT')?.body;

test('a diplomado whose title already says so is not named twice', () => {
  expect(diplomadoLabel('Diplomado en Genética')).toBe('Diplomado en Genética');
  expect(diplomadoLabel('Biología celular')).toBe('Diplomado «Biología celular»');
});

test('a teacher without diplomados is told nothing about them, and assigns courses only', async () => {
  const server = teacherWith([aDiplomado({ generados: 0 })]);
  await userEvent.click(await screen.findByRole('button', { name: 'Asignar cursos' }));
  expect(await screen.findByRole('checkbox', { name: 'Mitosis' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'La célula' })).toBeChecked();
  // A diplomado with no course started would assign nothing: not offered.
  expect(screen.queryByRole('group', { name: 'Tus diplomados' })).not.toBeInTheDocument();
  expect(screen.queryByText(/diplomado/i)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Guardar cursos' }));
  await waitFor(() => expect(assignBody(server)).toEqual({ cursos: ['c-1'], diplomados: [], permiteCompartir: false, vistos: ['c-1'] }));
});

test('a teacher assigns a diplomado from the form and the aula lists it with the courses it brought', async () => {
  const server = teacherWith([aDiplomado()]);
  await userEvent.click(await screen.findByRole('button', { name: 'Asignar cursos' }));
  const group = await screen.findByRole('group', { name: 'Tus diplomados' });
  expect(group).toHaveAccessibleDescription('Un diplomado asigna sus cursos ya escritos; los que aún se escriben llegan cuando vuelvas a guardar.');
  const box = within(group).getByRole('checkbox', { name: 'Biología celular (2 de 3 cursos generados)' });
  expect(box).not.toBeChecked();
  await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar cursos' }));
  await waitFor(() => expect(assignBody(server)).toEqual({ cursos: ['c-1'], diplomados: ['d-1'], permiteCompartir: false, vistos: ['c-1'] }));
  const title = await screen.findByText('Diplomado «Biología celular»');
  expect(within(title.closest('li')!).getByRole('listitem').textContent).toBe('Mitosis');
  expect(screen.getByText('La célula')).toBeInTheDocument();
});

test('reopening the form keeps an assigned diplomado ticked, its courses under it, and unticking it drops them', async () => {
  const withDiplomado = { ...anAula, cursos: [...anAula.cursos, { courseId: 'c-2', titulo: 'Mitosis', modulos: [], diplomado: { diplomadoId: 'd-1', titulo: 'Biología celular' } }] };
  const server = teacherWith([aDiplomado()], withDiplomado);
  expect(await screen.findByText('Diplomado «Biología celular»')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Asignar cursos' }));
  const box = await screen.findByRole('checkbox', { name: 'Biología celular (2 de 3 cursos generados)' });
  expect(box).toBeChecked();
  // Mitosis came with the diplomado: it is not also ticked on its own.
  expect(screen.getByRole('checkbox', { name: 'Mitosis' })).not.toBeChecked();
  await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar cursos' }));
  await waitFor(() => expect(assignBody(server)).toEqual({ cursos: ['c-1'], diplomados: [], permiteCompartir: false, vistos: ['c-1', 'c-2'] }));
  await waitFor(() => expect(screen.queryByText('Diplomado «Biología celular»')).not.toBeInTheDocument());
});

test('members may share their copies by link only when the teacher ticks it, and the form shows what the aula allows (issue 31)', async () => {
  const server = teacherWith([], { ...anAula, permiteCompartir: false });
  await userEvent.click(await screen.findByRole('button', { name: 'Asignar cursos' }));
  const allow = await screen.findByRole('checkbox', { name: /Permitir que los miembros compartan sus copias/ });
  expect(allow).not.toBeChecked();
  expect(allow).toHaveAccessibleDescription('Si no lo marcas, las copias de tus cursos solo las ve cada miembro.');
  await userEvent.click(allow);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar cursos' }));
  await waitFor(() => expect(assignBody(server)).toEqual({ cursos: ['c-1'], diplomados: [], permiteCompartir: true, vistos: ['c-1'] }));
});

test("the teacher's group page shows each member's modules, who is behind, the most missed questions and the CSV button", async () => {
  signedIn(premium);
  const group: AulaGroupView = {
    aula: anAula, medianaProgreso: 50,
    miembros: [
      { userId: 'u-a', nombre: 'Ana', unidoEn: '2026-11-25', progreso: pct(2, 2), rezagado: false, cursos: [{ courseId: 'c-1', titulo: 'La célula', estado: 'completado', progreso: pct(2, 2), certificado: { certificateId: 'x', fecha: '2026-11-25T00:00:00.000Z' }, modulos: [{ moduleId: 'm01', titulo: 'Membrana', progreso: pct(2, 2), evaluacion: { intentos: 1, mejorNota: 95, aprobado: true } }] }] },
      { userId: 'u-b', nombre: 'Beto', unidoEn: '2026-11-25', progreso: pct(0, 2), rezagado: true, cursos: [{ courseId: 'c-1', titulo: 'La célula', estado: 'sin_empezar', progreso: pct(0, 2), modulos: [{ moduleId: 'm01', titulo: 'Membrana', progreso: pct(0, 2), evaluacion: { intentos: 0, mejorNota: null, aprobado: false } }] }] },
    ],
    preguntasMasFalladas: [{ courseId: 'c-1', curso: 'La célula', moduleId: 'm01', enunciado: '¿Qué regula la membrana?', fallos: 3, respuestas: 4 }],
  };
  fakeApi({ ...me(premium), 'GET /aulas/a-1/grupo': () => ok({ ...group, aula: { ...anAula, cursos: [{ ...anAula.cursos[0], diplomado: { diplomadoId: 'd-1', titulo: 'Biología celular' } }] } }) });
  renderAt('/aulas/a-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Biología 3.º B' })).toBeInTheDocument();
  expect(within(screen.getByRole('heading', { name: 'Ana' }).closest('li')!).getByRole('heading', { level: 3 })).toHaveTextContent(/^La célula.*Diplomado «Biología celular»$/);
  const beto = screen.getByRole('heading', { name: 'Beto' }).closest('li')!;
  expect(within(beto).getByText('Va atrasado')).toBeInTheDocument();
  expect(within(beto).getByText('Sin intentos')).toBeInTheDocument();
  const ana = screen.getByRole('heading', { name: 'Ana' }).closest('li')!;
  expect(within(ana).getByText('Aprobada · mejor nota 95 · 1 intento')).toBeInTheDocument();
  expect(within(ana).queryByText('Va atrasado')).not.toBeInTheDocument();
  expect(screen.getByText('¿Qué regula la membrana?')).toBeInTheDocument();
  expect(screen.getByText('La célula · 3 fallos en 4 respuestas')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled();
});

test('an LMS course\'s aula shows each score\'s state for the LMS, and retries a failed one (issue 45)', async () => {
  signedIn(premium);
  const group: AulaGroupView = { aula: anAula, medianaProgreso: 0, miembros: [], preguntasMasFalladas: [] };
  const score = (nota: string, nombre: string, estado: 'enviada' | 'pendiente' | 'error', error?: string) =>
    ({ nota, userId: `u-${nota}`, nombre, actividad: 'Curso completo', puntos: 1, maximo: 2, estado, ...(error && { error }), fecha: '2026-11-30T10:00:00.000Z' });
  const server = fakeApi({
    ...me(premium),
    'GET /aulas/a-1/grupo': () => ok(group),
    'GET /aulas/a-1/lms': (_c, n) => ok({
      conNotas: true, notas: [score('n1', 'Ana', 'enviada'), score('n2', 'Beto', 'pendiente'), score('n3', 'Carla', n > 1 ? 'pendiente' : 'error', 'La plataforma rechazó el token de Mentora (400).')],
      sinCurso: [{ actividad: 'Tarea de la unidad 2' }],
      lista: { disponible: false, importando: false, miembros: [], sinEntrar: 0 },
    }),
    'POST /aulas/a-1/lms/reintentar': () => [200, { success: true, data: score('n3', 'Carla', 'pendiente'), message: 'Volvemos a enviar la nota al LMS.' }],
  });
  renderAt('/aulas/a-1');
  const section = (await screen.findByRole('heading', { name: 'Notas enviadas a tu plataforma (LMS)' })).closest('section')!;
  const row = (name: string) => within(section).getByText(name).closest('li')!;
  expect(within(row('Ana')).getByText('enviada al LMS')).toBeInTheDocument();
  expect(within(row('Beto')).getByText('pendiente')).toBeInTheDocument();
  expect(within(row('Carla')).getByText('error, reintentar')).toBeInTheDocument();
  expect(within(row('Carla')).getByText('La plataforma rechazó el token de Mentora (400).')).toBeInTheDocument();
  // A plain LMS link launched while the aula studied several courses: named, with the way to make it send grades.
  const note = within(section).getByRole('note', { name: 'Esta actividad de tu plataforma no envía notas:' });
  expect(within(note).getByText('Tarea de la unidad 2')).toBeInTheDocument();
  expect(note).toHaveTextContent('«Añadir actividad» → Mentora');
  // Only a failed score offers the retry.
  expect(within(section).getAllByRole('button', { name: 'Reintentar' })).toHaveLength(1);
  await userEvent.click(within(row('Carla')).getByRole('button', { name: 'Reintentar' }));
  await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ nota: 'n3' }));
  await waitFor(() => expect(within(row('Carla')).getByText('pendiente')).toBeInTheDocument());
});

test('an LMS course\'s aula imports the LMS roster and shows who has not launched yet, and nothing else of anyone (issue 45 item 5)', async () => {
  signedIn(premium);
  const group: AulaGroupView = { aula: anAula, medianaProgreso: 0, miembros: [], preguntasMasFalladas: [] };
  const roster = {
    disponible: true, importando: false, importadaEn: '2026-11-30T10:00:00.000Z', sinEntrar: 2,
    miembros: [
      { nombre: 'Beto Ruiz', rol: 'estudiante', haEntrado: false }, { nombre: 'Carla Díaz', rol: 'estudiante', haEntrado: false },
      { nombre: 'Ana Pérez', rol: 'estudiante', haEntrado: true }, { nombre: 'Marta Gil', rol: 'profesor', haEntrado: true },
    ],
  };
  const server = fakeApi({
    ...me(premium),
    'GET /aulas/a-1/grupo': () => ok(group),
    'GET /aulas/a-1/lms': () => ok({ conNotas: false, notas: [], sinCurso: [], lista: { disponible: true, importando: false, miembros: [], sinEntrar: 0 } }),
    'POST /aulas/a-1/lms/miembros': (_c, n) => (n === 1
      ? [502, { success: false, message: 'Tu plataforma respondió algo que no es una lista de miembros (NRPS 2.0). No se importó nada.' }]
      : [200, { success: true, data: roster, message: 'Lista importada: 4 miembros del curso; 2 estudiantes aún no han entrado en Mentora.' }]),
  });
  renderAt('/aulas/a-1');
  const section = (await screen.findByRole('heading', { name: 'Miembros del curso en tu plataforma (LMS)' })).closest('section')!;
  expect(within(section).getByText('Aún no has importado la lista de este curso.')).toBeInTheDocument();
  // The platform answers garbage: its Spanish reason, and still no list.
  await userEvent.click(within(section).getByRole('button', { name: 'Importar la lista' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Tu plataforma respondió algo que no es una lista de miembros (NRPS 2.0). No se importó nada.');
  expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  await userEvent.click(within(section).getByRole('button', { name: 'Importar la lista' }));
  expect(await within(section).findByText('Lista importada: 4 miembros del curso; 2 estudiantes aún no han entrado en Mentora.')).toBeInTheDocument();
  expect(within(section).getByText('2 de 3 estudiantes aún no han entrado')).toBeInTheDocument();
  const rows = within(section).getAllByRole('listitem');
  expect(rows.map((r) => r.textContent)).toEqual([
    'Beto RuizEstudianteAún no ha entrado', 'Carla DíazEstudianteAún no ha entrado', 'Ana PérezEstudianteYa entró', 'Marta GilProfesorYa entró',
  ]);
  expect(within(section).getByRole('button', { name: 'Importar de nuevo' })).toBeEnabled();
  expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/aulas/a-1/lms/miembros')).toHaveLength(2);
});

test('an aula made in Mentora shows no LMS roster section', async () => {
  signedIn(premium);
  fakeApi({
    ...me(premium),
    'GET /aulas/a-1/grupo': () => ok({ aula: anAula, medianaProgreso: 0, miembros: [], preguntasMasFalladas: [] }),
    'GET /aulas/a-1/lms': () => ok({ conNotas: false, notas: [], sinCurso: [], lista: { disponible: false, importando: false, miembros: [], sinEntrar: 0 } }),
  });
  renderAt('/aulas/a-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Biología 3.º B' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Cargando el grupo…')).not.toBeInTheDocument());
  expect(screen.queryByRole('heading', { name: 'Miembros del curso en tu plataforma (LMS)' })).not.toBeInTheDocument();
});

test('anyone but the teacher opening a group page reads the Spanish 404', async () => {
  signedIn();
  fakeApi({ ...me(aUser), 'GET /aulas/a-1/grupo': () => [404, { success: false, message: 'No encontramos esa aula.' }] });
  renderAt('/aulas/a-1');
  expect(await screen.findByText('No encontramos esa aula.')).toBeInTheDocument();
});

test('a signed-out visitor with the invitation link is asked to sign in and comes back to it', async () => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null, signedOutByLearner: false });
  const server = fakeApi({});
  renderAt('/aulas/unirse/K7MP3QXA');
  await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión para ver la invitación' }));
  await waitFor(() => expect(currentPath()).toBe('/login'));
  expect(sessionStorage.getItem('mentora.volverA')).toBe('/aulas/unirse/K7MP3QXA');
  expect(server.calls.some((c) => c.path.startsWith('/aulas'))).toBe(false);
});

test('a signed-out visitor with an invitation can also register, and comes back to it', async () => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, sessionId: null, signedOutByLearner: false });
  fakeApi({});
  renderAt('/aulas/unirse/K7MP3QXA');
  await userEvent.click(await screen.findByRole('button', { name: 'Crear una cuenta' }));
  await waitFor(() => expect(currentPath()).toBe('/register'));
  expect(sessionStorage.getItem('mentora.volverA')).toBe('/aulas/unirse/K7MP3QXA');
});
