import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { accountCountKey, domainCountKey, expiryKey, platformKey, registrationId, reservationKey, type PlatformItem } from '../../lambdas/lti/lti-items';
import { dynamoLtiStore } from '../../lambdas/lti/lti-store';
import { PLATFORMS, REFUSAL, REGISTRATION } from '../../lambdas/lti/messages';
import { MAX_PER_ACCOUNT, MAX_UNPROVEN_PER_DOMAIN, RESERVATION_SECONDS, UNPROVEN_DAYS } from '../../lambdas/lti/registration-bounds';
import { registrableDomain } from '../../lambdas/lti/registrable-domain';
import { sweepExpired } from '../../lambdas/lti/registration-expiry';
import { documentClient } from '../../lambdas/shared/clients';
import { installClock, systemClock } from '../../lambdas/shared/clock';
import { invoke } from '../support/invoke';
import { initiate, launchTicket, person, ROLE } from '../support/lti-flow';
import { startDrPlatform, type DrPlatform } from '../support/lti-dr-platform';
import { startPlatform, type TestPlatform } from '../support/lti-platform';

// Issue 45, docs/lti.md "How many registrations": nothing floods the registrations or the frame store. The
// attacker's tests first: one account registering twenty at once, a domain registering itself again and again, and
// registrations nobody ever launches. (Other handler files share the table: every count here is this test's own
// account, or read before it starts.)

let school: TestPlatform;
beforeAll(async () => { school = await startPlatform(); });
afterAll(() => school.close());
afterEach(() => installClock(systemClock));

const DEPLOYMENT = '07940580-b309-415e-a37c-914d387c1150';
const get = async (Key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key, ConsistentRead: true }))).Item;
const store = () => dynamoLtiStore(documentClient(), process.env.TABLE_NAME!);
const schoolLms = () => ({ issuer: `${school.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID() });
const registration = (lms: { issuer: string; clientId: string }) => ({ ...lms, authUrl: `${school.url}/auth`, jwksUrl: school.jwksUrl, deployments: [DEPLOYMENT] });
const post = (ownerId: string, body: object) => invoke('POST /lti/plataformas', { userId: ownerId, body });
const list = async (ownerId: string) => (await invoke('GET /lti/plataformas', { userId: ownerId })).body.data.plataformas as { id: string; issuer: string; caducaEn?: string }[];

describe('an account\'s registrations', () => {
  it(`twenty registrations at once by one account end at ${MAX_PER_ACCOUNT} exactly; the rest are refused and write nothing`, async () => {
    const owner = crypto.randomUUID();
    const lmss = Array.from({ length: 20 }, schoolLms);
    const answers = await Promise.all(lmss.map((lms) => post(owner, registration(lms))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_PER_ACCOUNT);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(20 - MAX_PER_ACCOUNT);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { success: false, message: PLATFORMS.tooMany(MAX_PER_ACCOUNT) } });
    expect(await get(accountCountKey(owner))).toMatchObject({ n: MAX_PER_ACCOUNT });
    expect(await list(owner)).toHaveLength(MAX_PER_ACCOUNT);
    const refusedLms = lmss.filter((_, i) => answers[i].status !== 201);
    for (const lms of refusedLms) {
      expect(await get(platformKey(lms.issuer, lms.clientId))).toBeUndefined();
      expect(await initiate(lms)).toMatchObject({ status: 400, body: { message: REFUSAL.unknownPlatform } });
    }
  });

  it('a deletion gives the slot back, once', async () => {
    const owner = crypto.randomUUID();
    const made: string[] = [];
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) made.push((await post(owner, registration(schoolLms()))).body.data.id as string);
    expect((await post(owner, registration(schoolLms()))).status).toBe(409);
    // Twenty deletions of the same one at once give back one slot.
    await Promise.all(Array.from({ length: 20 }, () => invoke('DELETE /lti/plataformas/{id}', { userId: owner, params: { id: made[0] } })));
    expect(await get(accountCountKey(owner))).toMatchObject({ n: MAX_PER_ACCOUNT - 1 });
    expect((await post(owner, registration(schoolLms()))).status).toBe(201);
    expect((await post(owner, registration(schoolLms()))).status).toBe(409);
    // Another account is not bounded by this one's.
    expect((await post(crypto.randomUUID(), registration(schoolLms()))).status).toBe(201);
  });
});

describe('Dynamic Registration, public by design', () => {
  let dr: DrPlatform;
  beforeEach(async () => { dr = await startDrPlatform({ clientPerRegistration: true }); });
  afterEach(() => dr.close());
  const register = () => invoke('GET /lti/registro', { query: { openid_configuration: dr.configurationUrl, registration_token: dr.token } });
  const unproven = async () => ((await get(domainCountKey(registrableDomain(dr.configurationUrl))))?.n as number | undefined) ?? 0;

  it(`twenty registrations at once from one domain hold ${MAX_UNPROVEN_PER_DOMAIN} places at most, and a refused one never reaches the platform`, async () => {
    const before = await unproven();
    const answers = await Promise.all(Array.from({ length: 20 }, register));
    const made = answers.filter((r) => r.status === 201);
    expect(made).toHaveLength(MAX_UNPROVEN_PER_DOMAIN - before);
    const domain = registrableDomain(dr.configurationUrl);
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { success: false, message: REGISTRATION.tooManyUnproven(domain, MAX_UNPROVEN_PER_DOMAIN, UNPROVEN_DAYS) } });
    }
    // The place is reserved before the post: the platform heard exactly the registrations Mentora kept (it would
    // otherwise list a tool that does not exist), and each one it heard is stored.
    expect(dr.received).toHaveLength(made.length);
    for (const r of made) expect(await store().platform((r.body.data as { issuer: string }).issuer, (r.body.data as { clientId: string }).clientId)).toBeDefined();
    expect(await unproven()).toBe(MAX_UNPROVEN_PER_DOMAIN);
    // The first launch verified with its keys proves one (launch.ts): it no longer counts, nor expires.
    const first = made[0].body.data as { issuer: string; clientId: string };
    const item = await store().platform(first.issuer, first.clientId);
    await store().markProven(item!, new Date().toISOString());
    expect(await get(platformKey(first.issuer, first.clientId))).not.toHaveProperty('caducaEn');
    expect(await get(expiryKey({ ...first, caducaEn: item!.caducaEn! }))).toBeUndefined();
    expect(await unproven()).toBe(MAX_UNPROVEN_PER_DOMAIN - 1);
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(409);
  });

  it('gives the place back when the platform fails after hearing the tool, or when the store refuses its answer', async () => {
    dr.failNext(2);
    const failed = await Promise.all([register(), register()]);
    for (const r of failed) expect(r).toMatchObject({ status: 502, body: { success: false, message: REGISTRATION.refusedByPlatform } });
    expect(dr.received).toHaveLength(2);
    expect(await unproven()).toBe(0);
    // The platform answers a client id already registered (the store refuses it): 409, and the place goes back.
    const first = await register();
    expect(first.status).toBe(201);
    const again = await startDrPlatform();
    try {
      const twice = () => invoke('GET /lti/registro', { query: { openid_configuration: again.configurationUrl, registration_token: again.token } });
      expect((await twice()).status).toBe(201);
      expect(await twice()).toMatchObject({ status: 409, body: { success: false, message: REGISTRATION.taken } });
      expect((await get(domainCountKey(registrableDomain(again.configurationUrl))))?.n).toBe(1);
    } finally {
      await again.close();
    }
    // Each failure left its place: the domain still registers up to its bound.
    const rest = await Promise.all(Array.from({ length: MAX_UNPROVEN_PER_DOMAIN }, register));
    expect(rest.filter((r) => r.status === 201)).toHaveLength(MAX_UNPROVEN_PER_DOMAIN - 1);
    expect(await unproven()).toBe(MAX_UNPROVEN_PER_DOMAIN);
  });

  it('a reservation whose registration died halfway (between the reservation and the store) is given back by the sweep', async () => {
    const domain = registrableDomain(dr.configurationUrl);
    const held = await store().reserveDomain(domain, new Date(Date.now() - (RESERVATION_SECONDS + 60) * 1000));
    expect(held).toBeDefined();
    expect(await unproven()).toBe(1);
    // Not yet stale: the sweep leaves a reservation in flight alone.
    const fresh = await store().reserveDomain(domain, new Date());
    await sweepExpired(store(), new Date());
    expect(await unproven()).toBe(1);
    expect(await get(reservationKey(held!))).toBeUndefined();
    // Released once: the request's own release after the sweep's gives nothing back twice.
    expect(await store().releaseReservation(held!)).toBe(false);
    expect(await store().releaseReservation(fresh!)).toBe(true);
    expect(await store().releaseReservation(fresh!)).toBe(false);
    expect(await unproven()).toBe(0);
  });

  it('counts a domain\'s hosts together by the Public Suffix List, a school\'s own Canvas host apart', () => {
    expect(registrableDomain('https://x1.atacante.example.com/.well-known/openid-configuration')).toBe('example.com');
    expect(registrableDomain('https://moodle.colegio.edu.mx/x')).toBe('colegio.edu.mx');
    expect(registrableDomain('https://aulas.virtual.colegio.edu.mx/x')).toBe('colegio.edu.mx');
    // Private suffixes are different owners: one GitHub Pages site does not bound another's.
    expect(registrableDomain('https://uno.github.io/x')).toBe('uno.github.io');
    expect(registrableDomain('https://colegio.instructure.com/api/lti/security/openid-configuration')).toBe('colegio.instructure.com');
    expect(registrableDomain('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080');
  });
});

describe('registrations nobody launches', () => {
  /** A registration made UNPROVEN_DAYS and a day ago: past its expiry now. */
  async function oldRegistration(owner: string) {
    const lms = schoolLms();
    installClock({ now: () => new Date(Date.now() - (UNPROVEN_DAYS + 1) * 24 * 3600 * 1000) });
    const res = await post(owner, registration(lms));
    installClock(systemClock);
    expect(res.status).toBe(201);
    // From the answer, not read back: other files' registrations sweep the shared table, and one may already have
    // deleted this expired registration (the flake of 2026-11-30: the read found nothing).
    return { lms, item: res.body.data as Pick<PlatformItem, 'caducaEn'> };
  }

  it(`expire after ${UNPROVEN_DAYS} days: no login, not listed, deleted with its counts; a proven one stays`, async () => {
    const owner = crypto.randomUUID();
    const { lms, item } = await oldRegistration(owner);
    expect(item?.caducaEn).toBeDefined();
    // Gone for every reader at once, swept or not yet.
    expect(await initiate(lms, { lti_deployment_id: DEPLOYMENT })).toMatchObject({ status: 400, body: { message: REFUSAL.unknownPlatform } });
    expect(await list(owner)).toEqual([]);
    // The sweep (before any registration, or the operator's) deletes it, its queue entry and its account's count.
    await sweepExpired(store(), new Date());
    expect(await get(platformKey(lms.issuer, lms.clientId))).toBeUndefined();
    expect(await get(expiryKey({ ...lms, caducaEn: item.caducaEn! }))).toBeUndefined();
    expect(await get(accountCountKey(owner))).toMatchObject({ n: 0 });

    // A registration launched in time stays, however old.
    const kept = (await post(owner, registration(schoolLms()))).body.data as { id: string; issuer: string; clientId: string; caducaEn: string };
    expect(kept.caducaEn).toEqual(expect.any(String));
    await launchTicket(school, { ...kept, deploymentId: DEPLOYMENT, ownerId: owner, registro: (await get(platformKey(kept.issuer, kept.clientId)))!.registro as string }, person(crypto.randomUUID(), [ROLE.learner]));
    installClock({ now: () => new Date(Date.now() + (UNPROVEN_DAYS + 1) * 24 * 3600 * 1000) });
    expect((await initiate(kept, { lti_deployment_id: DEPLOYMENT })).status).toBe(302);
    expect(await list(owner)).toMatchObject([{ id: registrationId(kept.issuer, kept.clientId) }]);
    expect((await list(owner))[0]).not.toHaveProperty('caducaEn');
  });

  it('the scheduled run (LtiExpiry, every 5 minutes) deletes it with its counts, with nobody registering', async () => {
    const owner = crypto.randomUUID();
    const { lms } = await oldRegistration(owner);
    const { handler } = await import('../../lambdas/lti/expiry-handler');
    expect(await handler()).toEqual({ caducadas: expect.any(Number), entradas: expect.any(Number) });
    expect(await get(platformKey(lms.issuer, lms.clientId))).toBeUndefined();
    expect(await get(accountCountKey(owner))).toMatchObject({ n: 0 });
  });

  it('an expired registration of the same issuer and client id gives way to a new one, and gives its counts back', async () => {
    const owner = crypto.randomUUID();
    const { lms, item } = await oldRegistration(owner);
    const other = crypto.randomUUID();
    const res = await post(other, registration(lms));
    expect(res.status).toBe(201);
    expect(await get(platformKey(lms.issuer, lms.clientId))).toMatchObject({ ownerId: other });
    expect(await get(expiryKey({ ...lms, caducaEn: item.caducaEn! }))).toBeUndefined();
    expect(await get(accountCountKey(owner))).toMatchObject({ n: 0 });
    expect(await get(accountCountKey(other))).toMatchObject({ n: 1 });
  });
});
