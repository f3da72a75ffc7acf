import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { lmsAulaId } from '../../lambdas/aulas';
import { aulaKey } from '../../lambdas/aulas/aula-items';
import { lmsCourseKey } from '../../lambdas/lti/landing';
import { DYNAMIC_OWNER, platformKey, registrationId } from '../../lambdas/lti/lti-items';
import { dynamoLtiStore } from '../../lambdas/lti/lti-store';
import { approvePlatform, assignPlatform, removePlatform } from '../../lambdas/lti/platform-admin';
import { PLATFORMS, REFUSAL } from '../../lambdas/lti/messages';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { enter, initiate, launchTicket, login, person, postLaunch, ROLE, site, type Registration } from '../support/lti-flow';
import { specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';

// Issue 45 item 1, the attacker's tests first (docs/lti.md "Who can register a platform"): a registration whose
// key set is not the issuer's own waits for an operator and starts no launch; it does not block the school's own
// registration; only its owner lists, changes or deletes a registration; and a registration reaches nothing
// (identities, LMS aulas) of an earlier one of the same issuer and client id.

let school: TestPlatform;
let attacker: TestPlatform;
beforeAll(async () => { [school, attacker] = await Promise.all([startPlatform(), startPlatform()]); });
afterAll(() => Promise.all([school.close(), attacker.close()]));

const DEPLOYMENT = '07940580-b309-415e-a37c-914d387c1150';
const CONTEXT = 'c1d887f0-a1a3-4bca-ae25-c375edcc131a';
const get = async (Key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key, ConsistentRead: true }))).Item;

/** The school's own LMS: its issuer on the school platform's origin, and its key set there. */
const schoolLms = () => ({ issuer: `${school.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID() });
const registration = (lms: { issuer: string; clientId: string }, jwksUrl: string, deployments = [DEPLOYMENT]) =>
  ({ ...lms, authUrl: `${school.url}/auth`, jwksUrl, deployments });
const post = (ownerId: string, body: object) => invoke('POST /lti/plataformas', { userId: ownerId, body });
const put = (ownerId: string, id: string, body: object) => invoke('PUT /lti/plataformas/{id}', { userId: ownerId, params: { id }, body });
const del = (ownerId: string, id: string) => invoke('DELETE /lti/plataformas/{id}', { userId: ownerId, params: { id } });
const list = (ownerId: string) => invoke('GET /lti/plataformas', { userId: ownerId });
const asReg = (lms: { issuer: string; clientId: string }, ownerId: string, registro: string): Registration => ({ ...lms, deploymentId: DEPLOYMENT, ownerId, registro });
const registroOf = async (lms: { issuer: string; clientId: string }) => (await get(platformKey(lms.issuer, lms.clientId)))?.registro as string;

describe('squatting a platform', () => {
  it('a registration of the school\'s issuer with the attacker\'s own keys waits for an operator: no login, no launch', async () => {
    const lms = schoolLms();
    const res = await post(crypto.randomUUID(), registration(lms, attacker.jwksUrl));
    expect(res).toMatchObject({ status: 201, body: { success: true, data: { estado: 'pendiente' } } });
    expect(res.body.message).toMatch(/pendiente de aprobación/);
    expect(await initiate(lms, { lti_deployment_id: DEPLOYMENT })).toMatchObject({ status: 403, body: { success: false, message: REFUSAL.pendingPlatform } });
    // Without a login there is no state: a launch the attacker signs cannot even be posted.
  });

  it('the attacker\'s pending registration does not block the school\'s, and is no longer the attacker\'s', async () => {
    const lms = schoolLms();
    const squatter = crypto.randomUUID();
    const squat = await post(squatter, registration(lms, attacker.jwksUrl));
    expect(squat.body.data.estado).toBe('pendiente');
    const owner = crypto.randomUUID();
    const genuine = await post(owner, registration(lms, school.jwksUrl));
    expect(genuine).toMatchObject({ status: 201, body: { data: { estado: 'activa', issuer: lms.issuer, clientId: lms.clientId } } });
    expect(await get(platformKey(lms.issuer, lms.clientId))).toMatchObject({ ownerId: owner, jwksUrl: school.jwksUrl, estado: 'activa' });
    // The squatter's pointer is left, but it names a registration that is someone else's now.
    expect((await list(squatter)).body.data.plataformas).toEqual([]);
    expect((await del(squatter, squat.body.data.id)).status).toBe(404);
    expect((await put(squatter, squat.body.data.id, { jwksUrl: attacker.jwksUrl })).status).toBe(404);
    expect(await get(platformKey(lms.issuer, lms.clientId))).toMatchObject({ ownerId: owner, jwksUrl: school.jwksUrl });
    // And a second registration with keys on the issuer's site does not replace the school's.
    expect(await post(crypto.randomUUID(), registration(lms, `${school.url}/otras-claves`))).toMatchObject({ status: 409, body: { message: REFUSAL.platformTaken } });
    // The school's launches work.
    expect((await login(asReg(lms, owner, await registroOf(lms)))).state).toBeTruthy();
  });

  it('an owner who moves the keys off the issuer\'s site makes it pending: a launch already begun is refused', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(lms, school.jwksUrl));
    const reg = asReg(lms, owner, await registroOf(lms));
    const l = await login(reg);
    const moved = await put(owner, body.data.id, { jwksUrl: attacker.jwksUrl });
    expect(moved).toMatchObject({ status: 200, body: { data: { estado: 'pendiente', jwksUrl: attacker.jwksUrl } } });
    const token = await attacker.sign(specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }));
    expect(await postLaunch(token, l.state, l.cookie)).toMatchObject({ status: 403, body: { success: false, message: REFUSAL.pendingPlatform } });
    // Back on the issuer's site: active again, and the state the refusal left unspent still lands the genuine launch.
    expect((await put(owner, body.data.id, { jwksUrl: school.jwksUrl })).body.data.estado).toBe('activa');
    const genuine = await school.sign(specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }));
    expect((await postLaunch(genuine, l.state, l.cookie)).status).toBe(302);
  });
});

describe('a registration reaches nothing of an earlier one', () => {
  it('after a deletion, the same issuer and client id registered again makes new identities and new aulas', async () => {
    const lms = schoolLms();
    const first = crypto.randomUUID();
    const { body } = await post(first, registration(lms, school.jwksUrl));
    const before = asReg(lms, first, await registroOf(lms));
    const learnerSub = crypto.randomUUID();
    const teacher = await enter(await launchTicket(school, before, person(crypto.randomUUID(), [ROLE.instructor], CONTEXT)));
    const oldAula = lmsAulaId(lmsCourseKey(before, CONTEXT));
    expect(teacher.body.destino).toBe(`/aulas/${oldAula}`);
    const learner = await enter(await launchTicket(school, before, person(learnerSub, [ROLE.learner], CONTEXT)));
    expect(learner.status).toBe(200);

    expect(await del(first, body.data.id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await initiate(lms)).toMatchObject({ status: 400, body: { message: REFUSAL.unknownPlatform } });
    // The aula stays, an ordinary aula now, with its teacher.
    expect(await get(aulaKey(oldAula))).toMatchObject({ teacherId: teacher.body.user.id });

    const second = crypto.randomUUID();
    expect((await post(second, registration(lms, school.jwksUrl))).status).toBe(201);
    const after = asReg(lms, second, await registroOf(lms));
    expect(after.registro).not.toBe(before.registro);
    const again = await enter(await launchTicket(school, after, person(learnerSub, [ROLE.learner], CONTEXT)));
    expect(again.status).toBe(200);
    expect(again.body.user.id).not.toBe(learner.body.user.id);
    const newTeacher = await enter(await launchTicket(school, after, person(crypto.randomUUID(), [ROLE.instructor], CONTEXT)));
    expect(newTeacher.body.destino).toBe(`/aulas/${lmsAulaId(lmsCourseKey(after, CONTEXT))}`);
    expect(newTeacher.body.destino).not.toBe(`/aulas/${oldAula}`);
  });
});

describe('a registration\'s owner', () => {
  it('lists only their own registrations, with the values to paste into the LMS', async () => {
    const owner = crypto.randomUUID();
    const a = schoolLms();
    const b = schoolLms();
    await post(owner, registration(a, school.jwksUrl));
    await post(owner, registration(b, attacker.jwksUrl));
    await post(crypto.randomUUID(), registration(schoolLms(), school.jwksUrl));
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body.data.herramienta).toEqual({
      loginUrl: `${site()}/api/lti/login`, launchUrl: `${site()}/api/lti/launch`, jwksUrl: `${site()}/api/lti/jwks`,
      deepLinkingUrl: `${site()}/`, redirectUris: [`${site()}/api/lti/launch`], registrationUrl: `${site()}/api/lti/registro`,
    });
    expect(res.body.data.plataformas.map((p: { issuer: string; estado: string }) => [p.issuer, p.estado])).toEqual([[a.issuer, 'activa'], [b.issuer, 'pendiente']]);
    expect(res.body.data.plataformas[0]).toMatchObject({ id: registrationId(a.issuer, a.clientId), clientId: a.clientId, deployments: [DEPLOYMENT], jwksUrl: school.jwksUrl });
    expect(res.body.data.plataformas[0]).not.toHaveProperty('registro');
    expect(res.body.data.plataformas[0]).not.toHaveProperty('ownerId');
    expect((await list(crypto.randomUUID())).body.data.plataformas).toEqual([]);
  });

  it('adds a deployment (Canvas makes one at each install), and its launches start', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(lms, school.jwksUrl));
    const registro = await registroOf(lms);
    const canvasDeployment = '6:8865aa05b4b79b64a91a86042e43af5ea8ae79eb';
    expect(await initiate(lms, { lti_deployment_id: canvasDeployment })).toMatchObject({ status: 400, body: { message: REFUSAL.unknownDeployment } });
    const res = await put(owner, body.data.id, { deployments: [DEPLOYMENT, canvasDeployment, canvasDeployment] });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { deployments: [DEPLOYMENT, canvasDeployment], estado: 'activa' } } });
    expect((await initiate(lms, { lti_deployment_id: canvasDeployment })).status).toBe(302);
    // The registration's own id never changes with an update: its identities and aulas stay its own.
    expect(await registroOf(lms)).toBe(registro);
  });

  it('another account\'s registration is 404 to change or delete, and nothing changes', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(lms, school.jwksUrl));
    const stored = await get(platformKey(lms.issuer, lms.clientId));
    const intruder = crypto.randomUUID();
    expect(await put(intruder, body.data.id, { deployments: ['mio'] })).toMatchObject({ status: 404, body: { success: false, message: PLATFORMS.notFound } });
    expect(await del(intruder, body.data.id)).toMatchObject({ status: 404, body: { success: false, message: PLATFORMS.notFound } });
    expect(await get(platformKey(lms.issuer, lms.clientId))).toEqual(stored);
  });

  it('bad input is a Spanish 400 and changes nothing', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(lms, school.jwksUrl));
    const stored = await get(platformKey(lms.issuer, lms.clientId));
    expect(await put(owner, body.data.id, {})).toMatchObject({ status: 400, body: { success: false, message: 'Indica qué quieres cambiar: deployments, jwksUrl, authUrl, tokenUrl, paginas o publicar.' } });
    expect(await put(owner, body.data.id, { deployments: [] })).toMatchObject({ status: 400, body: { message: 'Indica al menos un deployment_id.' } });
    expect(await put(owner, body.data.id, { jwksUrl: 'claves' })).toMatchObject({ status: 400, body: { message: 'La URL del conjunto de claves (JWKS) debe ser una dirección web (https://…).' } });
    expect(await put(owner, body.data.id, { issuer: 'https://otra.example' })).toMatchObject({ status: 400 });
    expect(await put(owner, 'no-es-un-id', { deployments: ['x'] })).toMatchObject({ status: 400, body: { message: PLATFORMS.badId } });
    expect(await del(owner, 'no-es-un-id')).toMatchObject({ status: 400, body: { message: PLATFORMS.badId } });
    expect(await get(platformKey(lms.issuer, lms.clientId))).toEqual(stored);
  });

  it('twenty deletions at once delete once; twenty identical registrations at once make one', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const posts = await Promise.all(Array.from({ length: 20 }, () => post(owner, registration(lms, school.jwksUrl))));
    expect(posts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(posts.filter((r) => r.status === 409)).toHaveLength(19);
    const id = registrationId(lms.issuer, lms.clientId);
    const dels = await Promise.all(Array.from({ length: 20 }, () => del(owner, id)));
    expect(dels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(dels.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    expect(await get(platformKey(lms.issuer, lms.clientId))).toBeUndefined();
    expect((await list(owner)).body.data.plataformas).toEqual([]);
  });

  it('the first launch verified with its keys shows in the list', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    await post(owner, registration(lms, school.jwksUrl));
    expect((await list(owner)).body.data.plataformas[0]).not.toHaveProperty('probadaEn');
    await launchTicket(school, asReg(lms, owner, await registroOf(lms)), person(crypto.randomUUID(), [ROLE.learner]));
    expect((await list(owner)).body.data.plataformas[0].probadaEn).toEqual(expect.any(String));
  });
});

describe('the operator (scripts/lti-platforms.ts)', () => {
  const store = () => dynamoLtiStore(documentClient(), process.env.TABLE_NAME!);

  it('approves a pending registration as it was checked: its launches start; keys moved since are not approved', async () => {
    const lms = schoolLms();
    const owner = crypto.randomUUID();
    const { body } = await post(owner, registration(lms, attacker.jwksUrl));
    const checked = await store().platform(lms.issuer, lms.clientId);
    // The owner moves the keys after the operator read them: that approval no longer applies.
    await put(owner, body.data.id, { jwksUrl: `${attacker.url}/otras` });
    expect(await store().approvePlatform(checked!)).toBe(false);
    expect((await approvePlatform(store(), lms.issuer, lms.clientId)).hecho).toBe(true);
    expect((await initiate(lms, { lti_deployment_id: DEPLOYMENT })).status).toBe(302);
  });

  it('hands a dynamic registration without deployment (Canvas) to the school\'s account, who adds the deployment', async () => {
    const lms = schoolLms();
    const canvasDeployment = '6:8865aa05b4b79b64a91a86042e43af5ea8ae79eb';
    await store().register({
      ...lms, registro: crypto.randomUUID(), estado: 'activa', authUrl: `${school.url}/auth`, jwksUrl: school.jwksUrl,
      deployments: [], ownerId: DYNAMIC_OWNER, creadoEn: new Date().toISOString(),
    });
    const admin = crypto.randomUUID();
    // Nobody owns it through the API until the operator says so.
    expect((await put(admin, registrationId(lms.issuer, lms.clientId), { deployments: [canvasDeployment] })).status).toBe(404);
    expect((await assignPlatform(store(), lms.issuer, lms.clientId, admin)).hecho).toBe(true);
    expect((await list(admin)).body.data.plataformas).toMatchObject([{ issuer: lms.issuer, deployments: [] }]);
    expect((await put(admin, registrationId(lms.issuer, lms.clientId), { deployments: [canvasDeployment] })).status).toBe(200);
    expect((await initiate(lms, { lti_deployment_id: canvasDeployment })).status).toBe(302);
    expect((await removePlatform(store(), lms.issuer, lms.clientId)).hecho).toBe(true);
    expect((await list(admin)).body.data.plataformas).toEqual([]);
  });
});
