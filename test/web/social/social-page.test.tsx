import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Connections, LearnerCard } from '../../../lambdas/contract/social';
import { aUser, fakeApi } from '../fake-api';
import { me, ok, renderAt, signedIn } from '../courses/fixtures';

const card = (over: Partial<LearnerCard> = {}): LearnerCard => ({
  userId: 'u-2', nombre: 'Bruno Díaz', alias: 'bruno-diaz-7k3f', intereses: ['Historia', 'Ajedrez'], temas: ['Roma antigua'], cursos: 2, leccionesCompletadas: 1,
  miembroDesde: '2025-01-15T10:00:00.000Z', enComun: ['Historia'], conexion: 'ninguna', ...over,
});
const none: Connections = { recibidas: [], enviadas: [], conexiones: [] };
const page = (items: LearnerCard[], cursor: string | null = null) => ok({ items, cursor });
const cardOf = (nombre: string) => screen.getByRole('heading', { level: 3, name: nombre }).closest('li') as HTMLElement;

beforeEach(() => signedIn());

describe('/social', () => {
  it('shows suggested learners as cards with public fields, in Spanish', async () => {
    fakeApi({ ...me, 'GET /social/users': () => page([card()]), 'GET /social/connections': () => ok(none) });
    renderAt('/social');
    await screen.findByRole('heading', { level: 3, name: 'Bruno Díaz' });
    const c = cardOf('Bruno Díaz');
    expect(within(c).getByText('Miembro desde enero de 2025')).toBeInTheDocument();
    expect(within(c).getByRole('list', { name: 'Intereses de Bruno Díaz' })).toHaveTextContent('HistoriaAjedrez');
    expect(within(c).getByRole('list', { name: 'Temas de los cursos de Bruno Díaz' })).toHaveTextContent('Roma antigua');
    expect(within(c).getByText('2 cursos · 1 lección completada')).toBeInTheDocument();
    expect(within(c).getByText(/Tema en común/)).toHaveTextContent('Historia');
  });

  it('searches by topic and pages on with the cursor', async () => {
    const api = fakeApi({
      ...me,
      'GET /social/users': () => page([]),
      'GET /social/connections': () => ok(none),
      'GET /social/users/search': (call) => (call.path.includes('cursor=c1') ? page([card({ userId: 'u-4', nombre: 'Dora' })]) : page([card({ userId: 'u-3', nombre: 'Carla' })], 'c1')),
    });
    renderAt('/social');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Buscar personas por tema'), '  Programación  ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('heading', { name: 'Personas que aprenden «Programación»' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Carla' });
    expect(api.calls.find((c) => c.path.startsWith('/social/users/search'))!.path).toContain('topic=Programaci%C3%B3n');
    await user.click(screen.getByRole('button', { name: 'Ver más personas' }));
    await screen.findByRole('heading', { level: 3, name: 'Dora' });
    expect(screen.getByRole('heading', { level: 3, name: 'Carla' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más personas' })).not.toBeInTheDocument();
  });

  it('sends a request: a toast, the card says so, and the request appears among those sent', async () => {
    let sent = false;
    const api = fakeApi({
      ...me,
      'GET /social/users': () => page([card()]),
      'GET /social/connections': () => ok(sent ? { ...none, enviadas: [{ perfil: card(), desde: '2026-01-01T00:00:00.000Z' }] } : none),
      'POST /social/connections': () => {
        sent = true;
        return [201, { success: true, data: { userId: 'u-2', estado: 'pendiente' }, message: 'Solicitud enviada.' }];
      },
    });
    renderAt('/social');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Conectar con Bruno Díaz' }));
    expect(await screen.findByText('Solicitud enviada.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ userId: 'u-2' });
    expect(within(cardOf('Bruno Díaz')).getByText('Solicitud enviada')).toBeInTheDocument();
    const sentList = screen.getByRole('region', { name: /Solicitudes enviadas/ });
    await waitFor(() => expect(within(sentList).getByText('Bruno Díaz')).toBeInTheDocument());
  });

  it('accepts and declines incoming requests from the list', async () => {
    const carla = card({ userId: 'u-3', nombre: 'Carla' });
    let state: Connections = { ...none, recibidas: [{ perfil: card(), desde: '2026-01-01T00:00:00.000Z' }, { perfil: carla, desde: '2026-01-01T00:00:00.000Z' }] };
    fakeApi({
      ...me,
      'GET /social/users': () => page([]),
      'GET /social/connections': () => ok(state),
      'POST /social/connections/u-2/accept': () => {
        state = { ...state, recibidas: state.recibidas.filter((e) => e.perfil.userId !== 'u-2'), conexiones: [{ perfil: card(), desde: '2026-01-02T00:00:00.000Z' }] };
        return [200, { success: true, data: { userId: 'u-2', estado: 'conectado' }, message: 'Solicitud aceptada: ahora tienes conexión con esta persona.' }];
      },
      'POST /social/connections/u-3/decline': () => {
        state = { ...state, recibidas: [] };
        return [200, { success: true, data: { userId: 'u-3', estado: 'ninguna' }, message: 'Solicitud rechazada.' }];
      },
    });
    renderAt('/social');
    const user = userEvent.setup();
    expect(await screen.findByText('Tienes 2 solicitudes pendientes.', { exact: false })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Aceptar la solicitud de Bruno Díaz' }));
    expect(await screen.findByText('Solicitud aceptada: ahora tienes conexión con esta persona.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Mis conexiones/ })).getByText('Bruno Díaz')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Rechazar la solicitud de Carla' }));
    expect(await screen.findByText('Solicitud rechazada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Nadie te ha enviado una solicitud todavía.')).toBeInTheDocument());
  });

  it("shows the server's Spanish message when an action is refused", async () => {
    fakeApi({
      ...me,
      'GET /social/users': () => page([card()]),
      'GET /social/connections': () => ok(none),
      'POST /social/connections': () => [429, { success: false, message: 'Has alcanzado el límite de 20 solicitudes de conexión por hoy. Vuelve a intentarlo mañana.' }],
    });
    renderAt('/social');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Conectar con Bruno Díaz' }));
    expect(await screen.findByText(/límite de 20 solicitudes/)).toBeInTheDocument();
    expect(within(cardOf('Bruno Díaz')).getByRole('button', { name: 'Conectar con Bruno Díaz' })).toBeInTheDocument();
  });

  it('invites a learner without interests to add some in the profile', async () => {
    const learner = { ...aUser, intereses: [] };
    signedIn(learner);
    fakeApi({ 'GET /users/me': () => ok(learner), 'GET /social/users': () => page([]), 'GET /social/connections': () => ok(none) });
    renderAt('/social');
    expect(await screen.findByText('Añade intereses en tu perfil')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Añadir intereses' })).toHaveAttribute('href', '/profile');
  });

  it('tells a learner whose profile is hidden how to show it', async () => {
    const learner = { ...aUser, perfilPublico: false };
    signedIn(learner);
    fakeApi({ 'GET /users/me': () => ok(learner), 'GET /social/users': () => page([]), 'GET /social/connections': () => ok(none) });
    renderAt('/social');
    expect(await screen.findByText(/Tu perfil está oculto/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mostrarlo en la comunidad' })).toHaveAttribute('href', '/profile');
  });
});
