import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { me, renderAt, signedIn } from '../courses/fixtures';

// /lti/plataformas (issue 45 item 1, docs/lti.md "Registering Mentora in Moodle and Canvas"): the values to paste
// into the LMS with copy buttons, the LMS's values checked before they leave, and the teacher's registrations,
// where a deployment is added, the keys moved, or a registration deleted.

const SITE = 'https://mentora.example';
const herramienta = {
  loginUrl: `${SITE}/api/lti/login`, launchUrl: `${SITE}/api/lti/launch`, jwksUrl: `${SITE}/api/lti/jwks`,
  deepLinkingUrl: `${SITE}/`, redirectUris: [`${SITE}/api/lti/launch`], registrationUrl: `${SITE}/api/lti/registro`,
};
const ID = 'a'.repeat(43);
const moodle = {
  id: ID, issuer: 'https://moodle.colegio.edu', clientId: 'aBcD3fGh1JkLmNo', authUrl: 'https://moodle.colegio.edu/mod/lti/auth.php',
  jwksUrl: 'https://moodle.colegio.edu/mod/lti/certs.php', deployments: ['1'], estado: 'activa', creadoEn: '2026-11-30T10:00:00.000Z', herramienta,
  paginas: [] as string[], publicada: true,
};
const listed = (plataformas: object[]) => [200, { success: true, data: { herramienta, plataformas } }] as [number, unknown];

test('shows the tool\'s values with copy buttons, and copies one', async () => {
  signedIn();
  fakeApi({ ...me, 'GET /lti/plataformas': () => listed([]) });
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderAt('/lti/plataformas');
  expect(await screen.findByRole('heading', { name: 'Mentora en tu plataforma (LMS)' })).toBeInTheDocument();
  expect(await screen.findByText(herramienta.loginUrl)).toBeInTheDocument();
  for (const value of [herramienta.loginUrl, herramienta.jwksUrl, herramienta.registrationUrl]) expect(screen.getByText(value)).toBeInTheDocument();
  expect(screen.getAllByText(herramienta.launchUrl).length).toBe(2); // the redirect URI and the launch URL
  await userEvent.click(screen.getByRole('button', { name: 'Copiar URL de inicio de sesión' }));
  expect(writeText).toHaveBeenCalledWith(herramienta.loginUrl);
  await userEvent.click(screen.getByRole('button', { name: 'Copiar URL de claves públicas (JWKS)' }));
  expect(writeText).toHaveBeenLastCalledWith(herramienta.jwksUrl);
  expect(screen.getByText('Aún no has registrado ninguna plataforma.')).toBeInTheDocument();
});

test('checks the form in Spanish before anything is sent, then registers the platform with its deployments', async () => {
  signedIn();
  let registered = false;
  const server = fakeApi({
    ...me,
    'GET /lti/plataformas': () => listed(registered ? [moodle] : []),
    'POST /lti/plataformas': () => { registered = true; return [201, { success: true, data: moodle, message: 'Plataforma LTI registrada.' }]; },
  });
  renderAt('/lti/plataformas');
  await userEvent.click(await screen.findByRole('button', { name: 'Registrar plataforma' }));
  expect(await screen.findByText('La URL del emisor (issuer) debe ser una dirección web (https://…).')).toBeInTheDocument();
  expect(screen.getByText('Indica al menos un deployment_id.')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.type(screen.getByLabelText('Emisor (issuer)'), moodle.issuer);
  await userEvent.type(screen.getByLabelText('Client ID'), moodle.clientId);
  await userEvent.type(screen.getByLabelText('URL de autenticación'), moodle.authUrl);
  await userEvent.type(screen.getByLabelText('URL de claves públicas de la plataforma (JWKS)'), moodle.jwksUrl);
  await userEvent.type(screen.getByLabelText('Deployment ID'), '1{enter}2');
  await userEvent.click(screen.getByRole('button', { name: 'Registrar plataforma' }));
  await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
    issuer: moodle.issuer, clientId: moodle.clientId, authUrl: moodle.authUrl, jwksUrl: moodle.jwksUrl, deployments: ['1', '2'],
  }));
  const item = await screen.findByRole('heading', { name: moodle.issuer });
  expect(within(item.closest('li')!).getByText('Activa')).toBeInTheDocument();
});

test('says the server\'s refusal (another registration of the same issuer and client id)', async () => {
  signedIn();
  fakeApi({
    ...me,
    'GET /lti/plataformas': () => listed([]),
    'POST /lti/plataformas': () => [409, { success: false, message: 'Esa plataforma (emisor y client_id) ya está registrada en Mentora.' }],
  });
  renderAt('/lti/plataformas');
  await userEvent.type(await screen.findByLabelText('Emisor (issuer)'), moodle.issuer);
  await userEvent.type(screen.getByLabelText('Client ID'), moodle.clientId);
  await userEvent.type(screen.getByLabelText('URL de autenticación'), moodle.authUrl);
  await userEvent.type(screen.getByLabelText('URL de claves públicas de la plataforma (JWKS)'), moodle.jwksUrl);
  await userEvent.type(screen.getByLabelText('Deployment ID'), '1');
  await userEvent.click(screen.getByRole('button', { name: 'Registrar plataforma' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Esa plataforma (emisor y client_id) ya está registrada en Mentora.');
});

test('a registration: pending is explained, a deployment is added, and deleting asks first', async () => {
  signedIn();
  const pending = { ...moodle, estado: 'pendiente', jwksUrl: 'https://claves.otro.example/jwks', deployments: [] };
  let deleted = false;
  const server = fakeApi({
    ...me,
    'GET /lti/plataformas': () => listed(deleted ? [] : [pending]),
    [`PUT /lti/plataformas/${ID}`]: (call) => [200, { success: true, data: { ...pending, ...(call.body as object) }, message: 'Plataforma LTI actualizada.' }],
    [`DELETE /lti/plataformas/${ID}`]: () => { deleted = true; return [200, { success: true, message: 'Plataforma LTI eliminada: sus lanzamientos ya no entran en Mentora.' }]; },
  });
  renderAt('/lti/plataformas');
  expect(await screen.findByText('Pendiente de aprobación')).toBeInTheDocument();
  expect(screen.getByText(/no están en el sitio de moodle\.colegio\.edu/)).toBeInTheDocument();
  expect(screen.getByText('Ninguno: añade el de tu plataforma o sus lanzamientos no entran.')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Añadir un deployment'), '6:8865aa05b4b79b64a91a86042e43af5ea8ae79eb');
  await userEvent.click(screen.getByRole('button', { name: 'Añadir deployment a moodle.colegio.edu' }));
  await waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/lti/plataformas/${ID}`, body: { deployments: ['6:8865aa05b4b79b64a91a86042e43af5ea8ae79eb'] } }));

  await userEvent.click(screen.getByRole('button', { name: 'Eliminar moodle.colegio.edu' }));
  const confirm = screen.getByRole('group', { name: 'Confirmar la eliminación de moodle.colegio.edu' });
  expect(confirm).toHaveTextContent('Las aulas de sus cursos siguen');
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Sí, eliminar' }));
  expect(await screen.findByText('Aún no has registrado ninguna plataforma.')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe(`/lti/plataformas/${ID}`);
});

test('a registration the frame store did not take says so and is published again; its course pages are added and removed; its expiry is told', async () => {
  signedIn();
  const canvas = { ...moodle, issuer: 'https://canvas.instructure.com', publicada: false, errorPublicacion: 'ServiceUnavailableException', caducaEn: '2026-12-14T10:00:00.000Z' };
  let current = canvas;
  const server = fakeApi({
    ...me,
    'GET /lti/plataformas': () => listed([current]),
    [`PUT /lti/plataformas/${ID}`]: (call) => {
      const body = call.body as { paginas?: string[]; publicar?: boolean };
      const { errorPublicacion: _error, ...rest } = current;
      current = { ...rest, ...(body.paginas && { paginas: body.paginas }), publicada: true } as typeof current;
      return [200, { success: true, data: current, message: 'Plataforma LTI actualizada.' }];
    },
  });
  renderAt('/lti/plataformas');
  expect(await screen.findByText(/Pendiente de publicar/)).toBeInTheDocument();
  expect(screen.getByText(/Mentora lo reintenta sola/)).toHaveTextContent('Último error: ServiceUnavailableException.');
  expect(screen.getByText(/antes del 14 de diciembre de 2026, este registro caduca y se elimina/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Publicar de nuevo canvas.instructure.com' }));
  await waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ publicar: true }));
  await waitFor(() => expect(screen.queryByText(/Pendiente de publicar/)).not.toBeInTheDocument());

  await userEvent.type(screen.getByLabelText('Añadir el origen de las páginas de curso'), 'https://colegio.instructure.com');
  await userEvent.click(screen.getByRole('button', { name: 'Añadir páginas de curso a canvas.instructure.com' }));
  await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ paginas: ['https://colegio.instructure.com'] }));
  await userEvent.click(await screen.findByRole('button', { name: 'Quitar https://colegio.instructure.com' }));
  await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ paginas: [] }));
});

test('"Mis aulas" leads a teacher to the page', async () => {
  signedIn();
  fakeApi({ ...me, 'GET /aulas': () => [200, { success: true, data: { comoProfesor: [], comoMiembro: [] } }], 'GET /lti/plataformas': () => listed([]) });
  renderAt('/aulas');
  await userEvent.click(await screen.findByRole('link', { name: 'Conecta Mentora con tu plataforma (LMS)' }));
  expect(await screen.findByRole('heading', { name: 'Mentora en tu plataforma (LMS)' })).toBeInTheDocument();
});
