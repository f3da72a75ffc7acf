import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ROSTER_MESSAGES } from '../../lambdas/lti/roster-import';
import { NRPS_LIMITS, ROSTER_FAILURE } from '../../lambdas/lti/nrps-members';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { premiumLearner } from '../support/learners';
import { enter, launchTicket, person, ROLE, type Registration } from '../support/lti-flow';
import { startPlatform, type TestPlatform } from '../support/lti-platform';

// Issue 45 item 5, the LMS course's roster (NRPS 2.0, docs/lti.md "Roster"), the attacker's tests first. The
// LMS-side platform on jose (test/support/lti-platform.ts) issues a token only for a client assertion that
// verifies against Mentora's published JWKS, and serves the course's membership container paged two by two with
// Link: rel="next", or broken as an attack sets it. Each test has its own LMS course (its own aula).

const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const NOT_FOUND = { status: 404, body: { success: false, message: 'No encontramos esa aula.' } };

let platform: TestPlatform;
let reg: Registration;

/** NRPS 2.0's example member, with this course's values: email, picture and sourcedid included, as platforms send them. */
const member = (userId: string, name: string, role: 'Instructor' | 'Learner' | 'Mentor', status = 'Active') => ({
  status, name, picture: `https://platform.example.edu/${userId}.jpg`, given_name: name.split(' ')[0], family_name: name.split(' ').slice(1).join(' '),
  email: `${userId}@platform.example.edu`, user_id: userId, lis_person_sourcedid: `sis-${userId}`,
  roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#${role}`],
});

/** A fresh LMS course: the teacher's launch (with the NRPS claim) makes its aula. */
async function course(members: (sub: { teacher: string }) => Record<string, unknown>[] = () => []) {
  const context = `ctx-${crypto.randomUUID()}`;
  const teacherSub = crypto.randomUUID();
  platform.rosters.set(context, members({ teacher: teacherSub }));
  const t = await enter(await launchTicket(platform, reg, { ...person(teacherSub, [ROLE.instructor], context, 'Profesora Marta'), [NRPS]: platform.nrpsClaim(context) }));
  if (t.status !== 200) throw new Error(`teacher launch answered ${t.status} ${JSON.stringify(t.body)}`);
  return { context, teacherSub, teacherId: t.body.user.id as string, aulaId: /^\/aulas\/(.+)$/.exec(t.body.destino)![1] };
}

async function learnerLaunch(context: string, sub: string, name: string) {
  const res = await enter(await launchTicket(platform, reg, { ...person(sub, [ROLE.learner], context, name), [NRPS]: platform.nrpsClaim(context) }));
  if (res.status !== 200) throw new Error(`learner launch answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.user.id as string;
}

const importRoster = (userId: string, aulaId: string) => invoke('POST /aulas/{id}/lms/miembros', { userId, params: { id: aulaId } });
/** GET /aulas/{id}/lms answers the roster with the scores (`lista`). */
const readRoster = async (userId: string, aulaId: string) => {
  const res = await invoke('GET /aulas/{id}/lms', { userId, params: { id: aulaId } });
  return res.status === 200 ? { ...res, body: { ...res.body, data: res.body.data.lista } } : res;
};
const requestsFor = (context: string) => platform.membershipRequests.filter((r) => r.url.includes(`/context/${context}/`));
const stored = async (aulaId: string) => (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `AULA#${aulaId}`, sk: 'LMSROSTER' }, ConsistentRead: true }))).Item;
/** An import older than the moment in which the same import is answered by the last one. */
const ageRoster = (aulaId: string) => documentClient().send(new UpdateCommand({
  TableName: process.env.TABLE_NAME, Key: { pk: `AULA#${aulaId}`, sk: 'LMSROSTER' }, UpdateExpression: 'SET importadaEn = :old', ExpressionAttributeValues: { ':old': '2026-01-01T00:00:00.000Z' },
}));

beforeAll(async () => {
  platform = await startPlatform({ toolJwks: async () => (await invoke('GET /lti/jwks')).body });
  const r = { issuer: `${platform.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID(), deploymentId: 'd-1', ownerId: crypto.randomUUID() };
  const res = await invoke('POST /lti/plataformas', {
    userId: r.ownerId,
    body: { issuer: r.issuer, clientId: r.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, tokenUrl: platform.tokenUrl, deployments: [r.deploymentId] },
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
  reg = r;
}, 120_000);
afterAll(() => platform.close());
afterEach(() => {
  platform.behaviour.roster = 'ok';
  platform.behaviour.token = 'ok';
  platform.behaviour.differences = 'off';
});

describe('who may import or read an LMS course\'s roster', () => {
  it('a learner of the aula, another course\'s teacher or a stranger: the aula\'s 404, and nothing is fetched', async () => {
    const c = await course(({ teacher }) => [member(teacher, 'Profesora Marta', 'Instructor'), member('s-ana', 'Ana Pérez', 'Learner')]);
    const learnerId = await learnerLaunch(c.context, 's-ana', 'Ana Pérez');
    const other = await course();
    const stranger = crypto.randomUUID();
    for (const who of [learnerId, other.teacherId, stranger]) {
      expect(await importRoster(who, c.aulaId)).toMatchObject(NOT_FOUND);
      expect(await readRoster(who, c.aulaId)).toMatchObject(NOT_FOUND);
    }
    // An id that is no aula's: the same 404.
    expect(await importRoster(c.teacherId, 'no-es-un-aula')).toMatchObject(NOT_FOUND);
    expect(requestsFor(c.context)).toEqual([]);
    expect(await stored(c.aulaId)).toBeUndefined();
  });

  it('an aula made in Mentora (no LMS course behind it): 409 in Spanish, nothing fetched', async () => {
    const teacher = await premiumLearner('Profesora Inés');
    const aula = (await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Química 1.º A' } })).body.data;
    const before = platform.membershipRequests.length;
    expect(await importRoster(teacher.userId, aula.aulaId)).toMatchObject({ status: 409, body: { success: false, message: ROSTER_MESSAGES.notBound } });
    expect(await readRoster(teacher.userId, aula.aulaId)).toMatchObject({ status: 200, body: { data: { disponible: false, miembros: [], sinEntrar: 0 } } });
    expect(platform.membershipRequests.length).toBe(before);
  });
  it('a registration deleted since the launches: 409, no token asked, nothing fetched', async () => {
    const ownerId = crypto.randomUUID();
    const r = { issuer: `${platform.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID(), deploymentId: 'd-1', ownerId };
    const made = await invoke('POST /lti/plataformas', { userId: ownerId, body: { issuer: r.issuer, clientId: r.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, tokenUrl: platform.tokenUrl, deployments: [r.deploymentId] } });
    const context = `ctx-${crypto.randomUUID()}`;
    const t = await enter(await launchTicket(platform, r, { ...person(crypto.randomUUID(), [ROLE.instructor], context), [NRPS]: platform.nrpsClaim(context) }));
    expect((await invoke('DELETE /lti/plataformas/{id}', { userId: ownerId, params: { id: made.body.data.id } })).status).toBe(200);
    const tokens = platform.tokenRequests.length;
    expect(await importRoster(t.body.user.id, /^\/aulas\/(.+)$/.exec(t.body.destino)![1])).toMatchObject({ status: 409, body: { message: ROSTER_MESSAGES.platformGone } });
    expect(platform.tokenRequests.length).toBe(tokens);
    expect(requestsFor(context)).toEqual([]);
  });
});

describe('a platform that answers garbage, redirects, never ends or floods', () => {
  const attacks: [string, TestPlatform['behaviour']['roster'], string][] = [
    ['a page that is not a membership container', 'garbage', ROSTER_FAILURE.garbage],
    ['a redirect to another host', 'redirect', ROSTER_FAILURE.redirected],
    ['a rel="next" chain that never ends', 'endless', ROSTER_FAILURE.tooManyPages],
    ['a page of 3 MB', 'huge', ROSTER_FAILURE.tooBig],
    ['a next page on another host', 'otherHost', ROSTER_FAILURE.otherHost],
    ['another course\'s container', 'otherCourse', ROSTER_FAILURE.otherCourse],
  ];
  it.each(attacks)('%s: 502 in Spanish, bounded, nothing written', async (_name, mode, message) => {
    const c = await course(({ teacher }) => [member(teacher, 'Profesora Marta', 'Instructor'), member('s-1', 'Ana Pérez', 'Learner'), member('s-2', 'Bruno Díaz', 'Learner')]);
    platform.behaviour.roster = mode;
    expect(await importRoster(c.teacherId, c.aulaId)).toMatchObject({ status: 502, body: { success: false, message } });
    const requests = requestsFor(c.context);
    // Bounded: the endless chain stops at the page bound; nothing reaches another host.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(NRPS_LIMITS.pages);
    if (mode === 'endless') expect(requests).toHaveLength(NRPS_LIMITS.pages);
    expect(requests.every((r) => r.host.startsWith('127.0.0.1:') && r.authorised)).toBe(true);
    // Nothing half-written: no roster, and the claim let go (the same import works once the platform does).
    expect((await stored(c.aulaId))?.miembros).toBeUndefined();
    expect((await readRoster(c.teacherId, c.aulaId)).body.data).toEqual({ disponible: true, importando: false, miembros: [], sinEntrar: 0 });
    platform.behaviour.roster = 'ok';
    expect(await importRoster(c.teacherId, c.aulaId)).toMatchObject({ status: 200, body: { data: { miembros: expect.arrayContaining([expect.objectContaining({ nombre: 'Ana Pérez' })]) } } });
  });

  it('a second page that fails: the roster imported before stays whole, nothing of the new one is written', async () => {
    const c = await course(({ teacher }) => [member(teacher, 'Profesora Marta', 'Instructor'), member('s-1', 'Ana Pérez', 'Learner'), member('s-2', 'Bruno Díaz', 'Learner')]);
    const first = await importRoster(c.teacherId, c.aulaId);
    expect(first.status).toBe(200);
    await ageRoster(c.aulaId);
    platform.rosters.get(c.context)!.push(member('s-3', 'Carla Ruiz', 'Learner'));
    platform.behaviour.roster = 'secondPageFails';
    expect(await importRoster(c.teacherId, c.aulaId)).toMatchObject({ status: 502, body: { message: ROSTER_FAILURE.unreachable } });
    const after = (await readRoster(c.teacherId, c.aulaId)).body.data;
    expect(after.miembros.map((m: { nombre: string }) => m.nombre).sort()).toEqual(['Ana Pérez', 'Bruno Díaz', 'Profesora Marta']);
    expect(after.importando).toBe(false);
  });

  it('a token endpoint that refuses: 502 in Spanish, no membership request made', async () => {
    platform.behaviour.token = 'refuse';
    // A token kept from an earlier test would still be good: this registration's is, so use a fresh one.
    const fresh = { issuer: `${platform.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID(), deploymentId: 'd-1', ownerId: crypto.randomUUID() };
    await invoke('POST /lti/plataformas', { userId: fresh.ownerId, body: { issuer: fresh.issuer, clientId: fresh.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, tokenUrl: platform.tokenUrl, deployments: [fresh.deploymentId] } });
    const context = `ctx-${crypto.randomUUID()}`;
    const t = await enter(await launchTicket(platform, fresh, { ...person(crypto.randomUUID(), [ROLE.instructor], context), [NRPS]: platform.nrpsClaim(context) }));
    const aulaId = /^\/aulas\/(.+)$/.exec(t.body.destino)![1];
    const res = await importRoster(t.body.user.id, aulaId);
    expect(res).toMatchObject({ status: 502, body: { success: false } });
    expect(res.body.message).toMatch(/rechazó el token de Mentora.*No se importó nada/);
    expect(requestsFor(context)).toEqual([]);
  });
});

describe('the teacher imports the roster and sees who has not launched yet', () => {
  it('follows rel="next", keeps only name, role and a hash of the identity, and matches by identity, never by name', async () => {
    const c = await course(({ teacher }) => [
      member(teacher, 'Profesora Marta', 'Instructor'),
      member('s-ana', 'Ana Pérez', 'Learner'),
      // Same name as Ana, another LMS user: not launched.
      member('s-ana-2', 'Ana Pérez', 'Learner'),
      member('s-bruno', 'Bruno Díaz', 'Learner'),
      member('s-baja', 'Dario Baja', 'Learner', 'Inactive'),
      member('s-mentor', 'Mario Tutor', 'Mentor'),
    ]);
    // Ana launches under another name in her Mentora profile: the identity matches, not the name.
    await learnerLaunch(c.context, 's-ana', 'Ana (apodo)');
    const res = await importRoster(c.teacherId, c.aulaId);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.miembros).toEqual([
      { nombre: 'Ana Pérez', rol: 'estudiante', haEntrado: false },
      { nombre: 'Bruno Díaz', rol: 'estudiante', haEntrado: false },
      { nombre: 'Mario Tutor', rol: 'otro', haEntrado: false },
      { nombre: 'Ana Pérez', rol: 'estudiante', haEntrado: true },
      { nombre: 'Profesora Marta', rol: 'profesor', haEntrado: true },
    ]);
    expect(data).toMatchObject({ disponible: true, importando: false, sinEntrar: 2 });
    expect(res.body.message).toBe(ROSTER_MESSAGES.imported(5, 2));
    // Six members two by two: three pages, each with the NRPS token (scope contextmembership.readonly).
    expect(requestsFor(c.context)).toHaveLength(3);
    expect(requestsFor(c.context)[0].url).toContain('limit=100');
    expect(platform.tokenRequests.some((t) => t.verified && t.clientId === reg.clientId && t.scope === 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')).toBe(true);
    // Stored: no email, picture, sourcedid or user_id in clear; expires with the table's TTL.
    const item = await stored(c.aulaId);
    const text = JSON.stringify(item);
    for (const leak of ['@platform.example.edu', '.jpg', 'sis-', 's-ana', 's-bruno', c.teacherSub]) expect(text).not.toContain(leak);
    expect(Object.keys(item!.miembros[0]).sort()).toEqual(['id', 'nombre', 'rol']);
    expect(item!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    // Bruno launches later: the teacher's view says so without another import.
    await learnerLaunch(c.context, 's-bruno', 'Bruno');
    const later = (await readRoster(c.teacherId, c.aulaId)).body.data;
    expect(later.miembros.find((m: { nombre: string }) => m.nombre === 'Bruno Díaz').haEntrado).toBe(true);
    expect(later.sinEntrar).toBe(1);
  });

  it('twenty imports at once: one read of the platform, the same roster for every answer', async () => {
    const c = await course(({ teacher }) => [member(teacher, 'Profesora Marta', 'Instructor'), member('s-1', 'Ana Pérez', 'Learner'), member('s-2', 'Bruno Díaz', 'Learner')]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => importRoster(c.teacherId, c.aulaId)));
    // Two pages (three members, two by two): one import's worth of requests.
    expect(requestsFor(c.context)).toHaveLength(2);
    // Each answer is the roster, or, for one that waited past its bound on a loaded machine, "ya se está importando".
    for (const a of answers) {
      if (a.status === 409) expect(a.body.message).toBe(ROSTER_MESSAGES.busy);
      else expect(a).toMatchObject({ status: 200, body: { data: { sinEntrar: 2, miembros: expect.any(Array) } } });
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => JSON.stringify(a.body.data)))).toEqual(new Set([JSON.stringify((await readRoster(c.teacherId, c.aulaId)).body.data)]));
  });
});

describe('a later import reads only the changes when the platform offers NRPS\'s differences link', () => {
  it('applies the changes (who left, who joined, a name corrected) to the roster kept; an expired link reads the whole course', async () => {
    platform.behaviour.differences = 'ok';
    const c = await course(({ teacher }) => [member(teacher, 'Profesora Marta', 'Instructor'), member('s-1', 'Ana Pérez', 'Learner'), member('s-2', 'Bruno Díaz', 'Learner')]);
    expect((await importRoster(c.teacherId, c.aulaId)).status).toBe(200);
    expect(requestsFor(c.context)).toHaveLength(2);
    expect((await stored(c.aulaId))!.diferencias).toMatch(/\/memberships\?d=1$/);
    // In the LMS meanwhile: Bruno left, Carla joined, Ana's name was corrected.
    await ageRoster(c.aulaId);
    platform.rosters.set(c.context, [member(c.teacherSub, 'Profesora Marta', 'Instructor'), member('s-1', 'Ana María Pérez', 'Learner'), member('s-3', 'Carla Ruiz', 'Learner')]);
    platform.rosterChanges.set(c.context, [member('s-2', 'Bruno Díaz', 'Learner', 'Deleted'), member('s-1', 'Ana María Pérez', 'Learner'), member('s-3', 'Carla Ruiz', 'Learner')]);
    const names = (res: { body: { data: { miembros: { nombre: string }[] } } }) => res.body.data.miembros.map((m) => m.nombre).sort();
    const second = await importRoster(c.teacherId, c.aulaId);
    expect(second.status).toBe(200);
    expect(names(second)).toEqual(['Ana María Pérez', 'Carla Ruiz', 'Profesora Marta']);
    // One request, to the differences link: not the course's two pages again.
    expect(requestsFor(c.context).slice(2).map((r) => new URL(r.url, 'http://x').search)).toEqual(['?d=1']);
    expect((await stored(c.aulaId))!.diferencias).toMatch(/\?d=2$/);

    // The platform no longer honours the link (410): the whole course is read, the same roster.
    await ageRoster(c.aulaId);
    platform.behaviour.differences = 'gone';
    const third = await importRoster(c.teacherId, c.aulaId);
    expect(third.status).toBe(200);
    expect(names(third)).toEqual(['Ana María Pérez', 'Carla Ruiz', 'Profesora Marta']);
    expect(requestsFor(c.context).slice(3).map((r) => new URL(r.url, 'http://x').search)).toEqual(['?d=2', '?limit=100', '?p=1']);
  });
});
