import { invoke } from '../support/invoke';
import { enter, initiate, launchTicket, linkAccount, login, person, postLaunch, register, ROLE, site } from '../support/lti-flow';
import { learner } from '../support/learners';
import { startDrPlatform } from '../support/lti-dr-platform';
import { specExampleLaunch, startPlatform } from '../support/lti-platform';
import { choose, deepLinkingClaims, openPicker, pickerOptions, postedForm, RETURN_URL } from '../support/lti-deep-linking';
import type { GroupCases } from '../support/route-cases';

// The LTI routes (issue 45, docs/lti.md) for every-route.test.ts; the attacks are in lti-launch.test.ts.
// Each success case starts its own platform (a loopback JWKS) and closes it.

async function withPlatform(run: (p: Awaited<ReturnType<typeof startPlatform>>) => Promise<void>) {
  const platform = await startPlatform();
  try {
    await run(platform);
  } finally {
    await platform.close();
  }
}

export const cases: GroupCases = {
  'GET /lti/jwks': {
    success: ['answers the tool\'s public key set', async () => {
      const res = await invoke('GET /lti/jwks');
      expect(res).toMatchObject({ status: 200, body: { keys: [expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })] } });
    }],
  },
  'GET /lti/login': {
    success: ['redirects a GET login initiation to the platform', () => withPlatform(async (platform) => {
      const reg = await register(platform);
      const query = { iss: reg.issuer, login_hint: 'h', target_link_uri: `${site()}/`, client_id: reg.clientId };
      const res = await invoke('GET /lti/login', { query });
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(new RegExp(`^${platform.url}/auth\\?`));
    })],
  },
  'POST /lti/login': {
    success: ['redirects a posted login initiation to the platform with state and nonce', () => withPlatform(async (platform) => {
      const res = await initiate(await register(platform));
      expect(res.status).toBe(302);
      expect(new URL(res.headers.location).searchParams.get('nonce')).toMatch(/^[\w-]{32}$/);
    })],
  },
  'POST /lti/launch': {
    success: ['lands a verified launch', () => withPlatform(async (platform) => {
      const reg = await register(platform);
      const l = await login(reg);
      const token = await platform.sign(specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }));
      expect((await postLaunch(token, l.state, l.cookie)).status).toBe(302);
    })],
  },
  'GET /lti/registro': {
    success: ['registers Mentora at a platform through Dynamic Registration', async () => {
      const platform = await startDrPlatform();
      try {
        const res = await invoke('GET /lti/registro', { query: { openid_configuration: platform.configurationUrl, registration_token: platform.token } });
        expect(res).toMatchObject({ status: 201, body: { success: true, data: { issuer: platform.url, clientId: platform.clientId } } });
      } finally {
        await platform.close();
      }
    }],
  },
  'POST /lti/plataformas': {
    badBody: { body: { issuer: 'no es una url', clientId: 'x', authUrl: 'https://a.example/auth', jwksUrl: 'https://a.example/jwks', deployments: ['1'] }, message: 'La URL del emisor (issuer) debe ser una dirección web (https://…).' },
    success: ['registers a platform and answers the URLs to enter in the LMS', async () => {
      const body = { issuer: `https://lms.example/${crypto.randomUUID()}`, clientId: 'c-1', authUrl: 'https://lms.example/auth', jwksUrl: 'https://lms.example/jwks', deployments: ['d-1', 'd-1', 'd-2'] };
      const res = await invoke('POST /lti/plataformas', { userId: crypto.randomUUID(), body });
      expect(res).toMatchObject({ status: 201, body: { success: true, data: {
        issuer: body.issuer, clientId: 'c-1', deployments: ['d-1', 'd-2'],
        estado: 'activa',
        herramienta: { loginUrl: `${site()}/api/lti/login`, launchUrl: `${site()}/api/lti/launch`, jwksUrl: `${site()}/api/lti/jwks`, deepLinkingUrl: `${site()}/`, redirectUris: [`${site()}/api/lti/launch`], registrationUrl: `${site()}/api/lti/registro` },
      } } });
    }],
  },
  'GET /lti/plataformas': {
    success: ['lists the caller\'s registrations and the values to paste into the LMS', async () => {
      const owner = crypto.randomUUID();
      const body = { issuer: `https://lms.example/${crypto.randomUUID()}`, clientId: 'c-1', authUrl: 'https://lms.example/auth', jwksUrl: 'https://lms.example/jwks', deployments: ['d-1'] };
      await invoke('POST /lti/plataformas', { userId: owner, body });
      const res = await invoke('GET /lti/plataformas', { userId: owner });
      expect(res).toMatchObject({ status: 200, body: { success: true, data: { herramienta: { loginUrl: `${site()}/api/lti/login` }, plataformas: [{ issuer: body.issuer, estado: 'activa' }] } } });
    }],
  },
  'PUT /lti/plataformas/{id}': {
    badBody: { body: { deployments: [] }, message: 'Indica al menos un deployment_id.' },
    success: ['adds a deployment to the caller\'s registration', async () => {
      const owner = crypto.randomUUID();
      const body = { issuer: `https://lms.example/${crypto.randomUUID()}`, clientId: 'c-1', authUrl: 'https://lms.example/auth', jwksUrl: 'https://lms.example/jwks', deployments: ['d-1'] };
      const made = await invoke('POST /lti/plataformas', { userId: owner, body });
      const res = await invoke('PUT /lti/plataformas/{id}', { userId: owner, params: { id: made.body.data.id }, body: { deployments: ['d-1', 'd-2'] } });
      expect(res).toMatchObject({ status: 200, body: { success: true, data: { deployments: ['d-1', 'd-2'], estado: 'activa' } } });
    }],
  },
  'DELETE /lti/plataformas/{id}': {
    success: ['deletes the caller\'s registration: its logins stop', async () => {
      const owner = crypto.randomUUID();
      const body = { issuer: `https://lms.example/${crypto.randomUUID()}`, clientId: 'c-1', authUrl: 'https://lms.example/auth', jwksUrl: 'https://lms.example/jwks', deployments: ['d-1'] };
      const made = await invoke('POST /lti/plataformas', { userId: owner, body });
      expect(await invoke('DELETE /lti/plataformas/{id}', { userId: owner, params: { id: made.body.data.id } })).toMatchObject({ status: 200, body: { success: true } });
      expect((await initiate({ issuer: body.issuer, clientId: 'c-1' })).status).toBe(400);
    }],
  },
  'POST /lti/sesion': {
    badBody: { body: { ticket: 'corto' }, message: 'El acceso de tu plataforma (ticket) no es válido.' },
    success: ['signs the launch\'s person in and says where to go', () => withPlatform(async (platform) => {
      const res = await enter(await launchTicket(platform, await register(platform), person(crypto.randomUUID(), [ROLE.learner])));
      expect(res).toMatchObject({ status: 200, body: { success: true, estado: 'dentro', destino: '/dashboard', tokens: { accessToken: expect.any(String) } } });
    })],
  },
  'POST /lti/vincular': {
    badBody: { body: { ticket: 'corto' }, message: 'El acceso de tu plataforma (ticket) no es válido.' },
    success: ['links the signed-in account to the launch\'s LMS identity', () => withPlatform(async (platform) => {
      const owner = await learner('Marta');
      const res = await linkAccount(await launchTicket(platform, await register(platform), person(crypto.randomUUID(), [ROLE.learner])), owner.userId);
      expect(res).toMatchObject({ status: 200, body: { success: true, destino: '/dashboard', message: 'Tu cuenta de Mentora quedó vinculada a tu plataforma.' } });
    })],
  },
  'POST /lti/seleccion/opciones': {
    badBody: { body: { ticket: 'corto' }, message: 'La elección de contenido de tu plataforma (ticket) no es válida.' },
    success: ['lists what the deep-linking teacher may link', () => withPlatform(async (platform) => {
      const picker = await openPicker(platform, await register(platform), deepLinkingClaims({ sub: crypto.randomUUID() }));
      expect(await pickerOptions(picker)).toMatchObject({ status: 200, body: { success: true, varios: true, cursos: [] } });
    })],
  },
  'POST /lti/seleccion': {
    success: ['answers the page that posts the signed choice back to the platform', () => withPlatform(async (platform) => {
      const picker = await openPicker(platform, await register(platform), deepLinkingClaims({ sub: crypto.randomUUID() }));
      const res = await choose(picker, []);
      expect(res.status).toBe(200);
      expect(postedForm(res.body as string).action).toBe(RETURN_URL);
    })],
  },
  // The LMS course's roster (NRPS, docs/lti.md "Roster"); test/handlers/lti-roster.test.ts has the attacks.
  'POST /aulas/{id}/lms/miembros': {
    success: ['imports the LMS course\'s members for the aula\'s teacher', async () => {
      const platform = await startPlatform({ toolJwks: async () => (await invoke('GET /lti/jwks')).body });
      try {
        const ownerId = crypto.randomUUID();
        const reg = { issuer: `${platform.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID(), deploymentId: 'd-1', ownerId };
        await invoke('POST /lti/plataformas', { userId: ownerId, body: { issuer: reg.issuer, clientId: reg.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, tokenUrl: platform.tokenUrl, deployments: [reg.deploymentId] } });
        const context = `ctx-${crypto.randomUUID()}`;
        platform.rosters.set(context, [{ status: 'Active', name: 'Ana Pérez', user_id: 'u-ana', roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'] }]);
        const claims = { ...person(crypto.randomUUID(), [ROLE.instructor], context), 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': platform.nrpsClaim(context) };
        const t = await enter(await launchTicket(platform, reg, claims));
        const res = await invoke('POST /aulas/{id}/lms/miembros', { userId: t.body.user.id, params: { id: t.body.destino.replace('/aulas/', '') } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { disponible: true, sinEntrar: 1, miembros: [{ nombre: 'Ana Pérez', rol: 'estudiante', haEntrado: false }] } } });
      } finally {
        await platform.close();
      }
    }],
  },
};
