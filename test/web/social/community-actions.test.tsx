import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Connections, LearnerCard, SentCourse } from '../../../lambdas/contract/social';
import { fakeApi } from '../fake-api';
import { aCourse, me, ok, renderAt, signedIn, summaryOf } from '../courses/fixtures';

// Issue 34: namesakes told apart, nobody listed twice, and something to do with a connection.

const card = (over: Partial<LearnerCard> = {}): LearnerCard => ({
  userId: 'u-2', nombre: 'Ana García', alias: 'ana-garcia-7k3f', intereses: ['Historia'], temas: [], cursos: 1, leccionesCompletadas: 0,
  miembroDesde: '2025-01-15T10:00:00.000Z', enComun: ['Historia'], conexion: 'ninguna', ...over,
});
const none: Connections = { recibidas: [], enviadas: [], conexiones: [] };
const page = (items: LearnerCard[]) => ok({ items, cursor: null });
const received: SentCourse = {
  shareId: 'AAAAAAAAAAAAAAAAAAAAAA', url: '/compartido/AAAAAAAAAAAAAAAAAAAAAA', titulo: 'Roma antigua', topic: 'Historia', nivel: 'principiante',
  enviadoEl: '2026-01-03T00:00:00.000Z', disponible: true,
};

beforeEach(() => signedIn());

describe('/social (issue 34)', () => {
  it('tells two namesakes apart by their handle and initials', async () => {
    fakeApi({ ...me, 'GET /social/users': () => page([card(), card({ userId: 'u-9', alias: 'ana-garcia-x9qm', intereses: ['Cocina'] })]), 'GET /social/connections': () => ok(none) });
    renderAt('/social');
    const [first, second] = await screen.findAllByRole('heading', { level: 3, name: 'Ana García' });
    expect(within(first.closest('li')!).getByText('@ana-garcia-7k3f')).toBeInTheDocument();
    expect(within(second.closest('li')!).getByText('@ana-garcia-x9qm')).toBeInTheDocument();
    expect(within(first.closest('li')!).getByText('AG')).toBeInTheDocument();
  });

  it('does not suggest again whoever the search already shows', async () => {
    fakeApi({
      ...me,
      'GET /social/users': () => page([card({ userId: 'u-3', nombre: 'Carla', alias: 'carla-2222' }), card({ userId: 'u-5', nombre: 'Eva', alias: 'eva-3333' })]),
      'GET /social/users/search': () => page([card({ userId: 'u-3', nombre: 'Carla', alias: 'carla-2222' })]),
      'GET /social/connections': () => ok(none),
    });
    renderAt('/social');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 3, name: 'Carla' });
    await user.type(screen.getByLabelText('Buscar personas por tema'), 'Historia');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const results = await screen.findByRole('region', { name: 'Personas que aprenden «Historia»' });
    await within(results).findByRole('heading', { level: 3, name: 'Carla' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3, name: 'Carla' })).toHaveLength(1));
    expect(within(screen.getByRole('region', { name: 'Personas con tus intereses' })).getByRole('heading', { level: 3, name: 'Eva' })).toBeInTheDocument();
  });

  it("opens a connection's courses: copies one they sent, and sends one of the learner's own", async () => {
    let copied = false;
    const mine = summaryOf(aCourse({ courseId: 'c0ffee00-0000-4000-8000-000000000001', titulo: 'Python desde cero' }));
    const writing = summaryOf(aCourse({ courseId: 'c0ffee00-0000-4000-8000-000000000002', titulo: 'A medio escribir', estado: 'generando' }));
    const api = fakeApi({
      ...me,
      'GET /social/users': () => page([]),
      'GET /social/connections': () => ok({ ...none, conexiones: [{ perfil: card(), desde: '2026-01-02T00:00:00.000Z', cursosRecibidos: 1 }] }),
      'GET /social/connections/u-2/courses': () => ok({ recibidos: [copied ? { ...received, copia: 'c-copia' } : received], enviados: [] }),
      'POST /compartidos/AAAAAAAAAAAAAAAAAAAAAA/copy': () => {
        copied = true;
        return [201, { success: true, curso: { ...mine, courseId: 'c-copia' }, message: 'Curso copiado a tus cursos. Tu progreso y tus evaluaciones son tuyos.' }];
      },
      'GET /courses/my-courses': () => ok([mine, writing]),
      'POST /social/connections/u-2/courses': () => [201, { success: true, data: { ...received, titulo: mine.titulo }, message: 'Curso enviado. Tu conexión lo verá en la comunidad y podrá copiarlo.' }],
    });
    renderAt('/social');
    const user = userEvent.setup();
    const connections = await screen.findByRole('region', { name: /Mis conexiones/ });
    expect(await within(connections).findByText('Te envió 1 curso')).toBeInTheDocument();
    expect(within(connections).getByText(/@ana-garcia-7k3f/)).toBeInTheDocument();
    await user.click(within(connections).getByRole('button', { name: 'Cursos con Ana García' }));

    const list = await screen.findByRole('list', { name: 'Cursos que te envió Ana García' });
    expect(within(list).getByRole('link', { name: 'Ver Roma antigua' })).toHaveAttribute('href', received.url);
    await user.click(within(list).getByRole('button', { name: 'Copiar a mis cursos «Roma antigua»' }));
    expect(await screen.findByText('Curso copiado a tus cursos. Tu progreso y tus evaluaciones son tuyos.')).toBeInTheDocument();
    expect(await within(list).findByRole('link', { name: 'Abrir tu copia de Roma antigua' })).toHaveAttribute('href', '/course/c-copia');

    // Only finished courses can be sent; the note says the course gets a link.
    const select = screen.getByLabelText('Enviarle uno de tus cursos');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elige un curso', 'Python desde cero']));
    expect(select).toHaveAccessibleDescription(/Se comparte con un enlace/);
    await user.selectOptions(select, 'Python desde cero');
    // Issue 40 item 5: the learner is told who can open what is sent, and nothing is sent before they confirm.
    await user.click(screen.getByRole('button', { name: 'Enviar curso' }));
    const confirm = await screen.findByRole('group', { name: 'Antes de enviar «Python desde cero»' });
    expect(confirm).toHaveTextContent('Se envía como un enlace público: cualquier persona que tenga el enlace podrá abrir el curso sin iniciar sesión, leerlo y copiarlo, no solo Ana García.');
    expect(api.count('POST /social/connections/u-2/courses')).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: /Antes de enviar/ })).not.toBeInTheDocument();
    expect(api.count('POST /social/connections/u-2/courses')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Enviar curso' }));
    await user.click(within(await screen.findByRole('group', { name: 'Antes de enviar «Python desde cero»' })).getByRole('button', { name: 'Sí, enviar el enlace' }));
    expect(await screen.findByText('Curso enviado. Tu conexión lo verá en la comunidad y podrá copiarlo.')).toBeInTheDocument();
    expect(api.count('POST /social/connections/u-2/courses')).toBe(1);
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/social/connections/u-2/courses')!.body).toEqual({ courseId: mine.courseId });
  });
});
