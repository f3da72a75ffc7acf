import { AdminGetUserCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lmsAulaId } from '../../lambdas/aulas';
import { aulaKey, memberKey } from '../../lambdas/aulas/aula-items';
import { ltiEmail } from '../../lambdas/lti/cognito-accounts';
import { lmsCourseKey, LANDING } from '../../lambdas/lti/landing';
import { frameKey } from '../../lambdas/lti/frame-origins';
import { accountKey, identityHash, launchKey, linkedPointerKey } from '../../lambdas/lti/lti-items';
import { ENTRY } from '../../lambdas/lti/messages';
import { documentClient } from '../../lambdas/shared/clients';
import { cognitoTokenVerifier } from '../../lambdas/shared/jwt';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { enter, launchTicket, linkAccount, login, person, register, ROLE, site, type Registration } from '../support/lti-flow';
import { signWith, platformKey, specExampleLaunch } from '../support/lti-platform';
import { startPlatform, type TestPlatform } from '../support/lti-platform';

// Issue 45 item 2, the attacker's tests first (docs/lti.md "Signing in", "Where a launch lands"): the launch's
// ticket becomes a Mentora session of the account linked to the LMS identity (registration, deployment, sub),
// once; the Instructor of an LMS course lands in its aula, made on the first launch; a learner joins it.

let platform: TestPlatform;
beforeAll(async () => { platform = await startPlatform(); });
afterAll(() => platform.close());

const CONTEXT = 'c1d887f0-a1a3-4bca-ae25-c375edcc131a';
const get = async (Key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key, ConsistentRead: true }))).Item;
const cognito = () => new CognitoIdentityProviderClient({});
/** The tokens are the pool's own: signature, issuer and the web app client, as the API's authorizer checks them. */
const verify = () => cognitoTokenVerifier({ issuer: process.env.COGNITO_ISSUER!, clientId: process.env.USER_POOL_CLIENT_ID! });
const subOfToken = async (accessToken: string) => ((await verify()(accessToken, 'access')) as { sub: string }).sub;
const aulaOf = (reg: Registration, contextId = CONTEXT) => lmsAulaId(lmsCourseKey(reg, contextId));
const uniqueSub = () => crypto.randomUUID();

describe('signing in with the launch\'s ticket', () => {
  it('signs the learner in to a new account linked to the LMS identity, with the pool\'s own tokens', async () => {
    const reg = await register(platform);
    const sub = uniqueSub();
    const res = await enter(await launchTicket(platform, reg, person(sub, [ROLE.learner], CONTEXT, 'Ana Pérez')));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, estado: 'dentro', user: { nombre: 'Ana Pérez' } });
    expect(await subOfToken(res.body.tokens.accessToken)).toBe(res.body.user.id);
    // The refresh token renews the session as any other sign-in's.
    expect((await invoke('POST /auth/refresh', { body: { refreshToken: res.body.tokens.refreshToken } })).status).toBe(200);
    // Its Cognito user has an address no mail reaches, derived from the identity; the LMS's email is not used.
    expect(res.body.user.email).toBe(ltiEmail(identityHash({ ...reg, sub })));
    expect(res.body.user.email).not.toContain('platform.example.edu');
    // The next launch of the same person signs in to the same account.
    const again = await enter(await launchTicket(platform, reg, person(sub, [ROLE.learner])));
    expect(again.body.user.id).toBe(res.body.user.id);
  });

  it('a replayed ticket signs nobody in, and the same ticket twice at once signs in once', async () => {
    const reg = await register(platform);
    const ticket = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]));
    expect((await enter(ticket)).status).toBe(200);
    expect(await enter(ticket)).toMatchObject({ status: 401, body: { success: false, message: ENTRY.ticketUnknown } });

    const twice = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]));
    const answers = await Promise.all([enter(twice), enter(twice)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('a ticket never issued, or tampered with, is refused and makes no account', async () => {
    const reg = await register(platform);
    const sub = uniqueSub();
    const ticket = await launchTicket(platform, reg, person(sub, [ROLE.learner]));
    const tampered = { ...ticket, ticket: `${ticket.ticket.slice(0, -1)}${ticket.ticket.endsWith('A') ? 'B' : 'A'}` };
    expect(await enter(tampered)).toMatchObject({ status: 401, body: { message: ENTRY.ticketUnknown } });
    expect(await enter({ ...ticket, ticket: 'x'.repeat(43) })).toMatchObject({ status: 401, body: { message: ENTRY.ticketUnknown } });
    expect((await enter({ ...ticket, ticket: 'corto' })).status).toBe(400);
    const users = await cognito().send(new ListUsersCommand({ UserPoolId: process.env.USER_POOL_ID, Filter: `email = "${ltiEmail(identityHash({ ...reg, sub }))}"` }));
    expect(users.Users ?? []).toEqual([]);
    // The genuine ticket still works.
    expect((await enter(ticket)).status).toBe(200);
  });

  it('a ticket taken to another browser (sent as a link) signs nobody in and links nothing', async () => {
    const reg = await register(platform);
    const victim = await learner('Víctima');
    const attackers = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner], CONTEXT, 'Atacante'));
    // The victim's browser has no entry cookie for it, or another launch's.
    expect(await enter(attackers, true, null)).toMatchObject({ status: 401, body: { message: ENTRY.otherBrowser } });
    const other = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]));
    expect(await enter(attackers, false, `${attackers.cookie.split('=')[0]}=${other.cookie.split('=')[1]}`)).toMatchObject({ status: 401, body: { message: ENTRY.otherBrowser } });
    // Linking is a signed-in call: 403, not 401 (the SPA would read a 401 as the victim's session ending).
    const forcedLink = await invoke('POST /lti/vincular', { userId: victim.userId, body: { ticket: attackers.ticket } });
    expect(forcedLink).toMatchObject({ status: 403, body: { message: ENTRY.otherBrowser } });
    // Nothing was spent: in its own browser the ticket still signs in.
    expect((await enter(attackers)).status).toBe(200);
  });

  it('the same sub from another platform (or another deployment) is another person: another account', async () => {
    const a = await register(platform);
    const b = await register(platform);
    const sub = uniqueSub();
    const inA = await enter(await launchTicket(platform, a, person(sub, [ROLE.learner])));
    const inB = await enter(await launchTicket(platform, b, person(sub, [ROLE.learner])));
    expect(inA.body.user.id).not.toBe(inB.body.user.id);
    const twoDeployments = await register(platform, ['despliegue-1', 'despliegue-2']);
    const d1 = await enter(await launchTicket(platform, twoDeployments, person(sub, [ROLE.learner])));
    const d2 = await enter(await launchTicket(platform, { ...twoDeployments, deploymentId: 'despliegue-2' }, {
      ...person(sub, [ROLE.learner]), 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'despliegue-2',
    }));
    expect(new Set([inA.body.user.id, inB.body.user.id, d1.body.user.id, d2.body.user.id]).size).toBe(4);
  });

  it('twenty first launches of one teacher at once make one account and one aula', async () => {
    const reg = await register(platform);
    const sub = uniqueSub();
    const tickets = await Promise.all(Array.from({ length: 20 }, () => launchTicket(platform, reg, person(sub, [ROLE.instructor]))));
    const answers = await Promise.all(tickets.map((t) => enter(t)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.body.user.id));
    expect(ids.size).toBe(1);
    const [userId] = ids;
    for (const a of answers) expect(await subOfToken(a.body.tokens.accessToken)).toBe(userId);
    expect(new Set(answers.map((a) => a.body.destino))).toEqual(new Set([`/aulas/${aulaOf(reg)}`]));
    const users = await cognito().send(new ListUsersCommand({ UserPoolId: process.env.USER_POOL_ID, Filter: `email = "${ltiEmail(identityHash({ ...reg, sub }))}"` }));
    expect(users.Users).toHaveLength(1);
    expect(await get(aulaKey(aulaOf(reg)))).toMatchObject({ teacherId: userId, nombre: 'Economics as a Social Science', miembros: 0 });
    const mine = await invoke('GET /aulas', { userId });
    expect(mine.body.data.comoProfesor.map((a: { aulaId: string }) => a.aulaId)).toEqual([aulaOf(reg)]);
  });
});

describe('where a launch lands', () => {
  it('a learner who is an Instructor elsewhere (another course, or the institution) is no teacher here', async () => {
    const reg = await register(platform);
    const teacherHere = uniqueSub();
    const learnerHere = uniqueSub();
    // The learner launches first, claiming the institution's Instructor role: no aula is made for this course.
    const first = await enter(await launchTicket(platform, reg, person(learnerHere, [ROLE.learner, ROLE.institutionInstructor])));
    expect(first.body).toMatchObject({ estado: 'dentro', destino: '/dashboard', aviso: LANDING.noAulaYet });
    expect(await get(aulaKey(aulaOf(reg)))).toBeUndefined();
    // Instructor of another course: the teacher of that course's aula only.
    const elsewhere = await enter(await launchTicket(platform, reg, person(learnerHere, [ROLE.instructor], 'otro-curso')));
    expect(elsewhere.body.destino).toBe(`/aulas/${aulaOf(reg, 'otro-curso')}`);
    // This course's Instructor makes its aula; the learner's next launch joins it as a member.
    const teacher = await enter(await launchTicket(platform, reg, person(teacherHere, [ROLE.instructor])));
    expect(teacher.body.destino).toBe(`/aulas/${aulaOf(reg)}`);
    const joined = await enter(await launchTicket(platform, reg, person(learnerHere, [ROLE.learner, ROLE.institutionInstructor])));
    expect(joined.body).toMatchObject({ estado: 'dentro', destino: '/aulas' });
    expect(await get(aulaKey(aulaOf(reg)))).toMatchObject({ teacherId: teacher.body.user.id, miembros: 1 });
    expect(await get(memberKey(aulaOf(reg), joined.body.user.id))).toBeDefined();
    // The learner's token reads nothing of the teacher's view.
    expect((await invoke('GET /aulas/{id}/grupo', { userId: joined.body.user.id, params: { id: aulaOf(reg) } })).status).toBe(404);
  });

  it('a second Instructor of the course does not take the aula over', async () => {
    const reg = await register(platform);
    const first = await enter(await launchTicket(platform, reg, person(uniqueSub(), [ROLE.instructor])));
    const second = await enter(await launchTicket(platform, reg, person(uniqueSub(), [ROLE.instructor])));
    expect(second.body).toMatchObject({ destino: '/aulas', aviso: LANDING.otherTeacher });
    expect(await get(aulaKey(aulaOf(reg)))).toMatchObject({ teacherId: first.body.user.id });
  });

  it('twenty learners\' first launches at once: twenty members of the one aula', async () => {
    const reg = await register(platform);
    await enter(await launchTicket(platform, reg, person(uniqueSub(), [ROLE.instructor])));
    const tickets = await Promise.all(Array.from({ length: 20 }, () => launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]))));
    const answers = await Promise.all(tickets.map((t) => enter(t)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await get(aulaKey(aulaOf(reg)))).toMatchObject({ miembros: 20 });
  });
});

describe('linking an existing Mentora account', () => {
  it('an expired or spent ticket is a clear 410 for the signed-in owner, never a 401 the SPA reads as signing out; nothing linked', async () => {
    const reg = await register(platform);
    const owner = await learner('Rosa');
    const sub = uniqueSub();
    const ticket = await launchTicket(platform, reg, person(sub, [ROLE.learner]));
    expect(await enter(ticket, false)).toMatchObject({ status: 200, body: { estado: 'sin-cuenta' } });
    // The linking screen waited past the ticket's five minutes.
    await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: launchKey(ticket.ticket), UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expect(await linkAccount(ticket, owner.userId)).toMatchObject({ status: 410, body: { success: false, message: ENTRY.ticketUnknown } });
    expect(await get(accountKey({ ...reg, sub }))).toBeUndefined();
    expect(await get(linkedPointerKey(owner.userId, reg))).toBeUndefined();
    // A ticket made up, or one already spent by a sign-in: the same 410.
    expect(await linkAccount({ ...ticket, ticket: 'x'.repeat(43) }, owner.userId)).toMatchObject({ status: 410, body: { message: ENTRY.ticketUnknown } });
    const spent = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]));
    expect((await enter(spent)).status).toBe(200);
    expect(await linkAccount(spent, owner.userId)).toMatchObject({ status: 410, body: { message: ENTRY.ticketUnknown } });
  });

  it('asks first when someone may be signed in, links once after the owner confirms, then signs in to that account', async () => {
    const reg = await register(platform);
    const owner = await learner('Marta');
    const sub = uniqueSub();
    const ticket = await launchTicket(platform, reg, person(sub, [ROLE.learner]));
    // Not linked: the SPA is told so and the ticket stays unspent.
    expect(await enter(ticket, false)).toMatchObject({ status: 200, body: { estado: 'sin-cuenta', plataforma: new URL(reg.issuer).host } });
    // Linking needs the owner signed in.
    expect((await linkAccount(ticket)).status).toBe(401);
    const linked = await linkAccount(ticket, owner.userId);
    expect(linked).toMatchObject({ status: 200, body: { success: true, destino: '/dashboard' } });
    // The ticket is spent by the link: 410, not 401 (a signed-in call's 401 would sign the owner out of the SPA).
    expect(await linkAccount(ticket, owner.userId)).toMatchObject({ status: 410, body: { message: ENTRY.ticketUnknown } });
    // From now on the launch signs in to the owner's account, which keeps its own email.
    const next = await enter(await launchTicket(platform, reg, person(sub, [ROLE.learner])), false);
    expect(next.body).toMatchObject({ estado: 'dentro', user: { id: owner.userId, email: owner.email } });
    expect(await subOfToken(next.body.tokens.accessToken)).toBe(owner.userId);
    const cognitoUser = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: owner.email }));
    expect(cognitoUser.UserStatus).toBe('CONFIRMED');
  });

  it('an identity already linked, or an account already linked through this platform, is refused and changes nothing', async () => {
    const reg = await register(platform);
    const owner = await learner('Marta');
    const other = await learner('Intrusa');
    const sub = uniqueSub();
    await linkAccount(await launchTicket(platform, reg, person(sub, [ROLE.learner])), owner.userId);
    // Someone else signed in cannot take the linked identity over.
    const stolen = await launchTicket(platform, reg, person(sub, [ROLE.learner]));
    expect(await linkAccount(stolen, other.userId)).toMatchObject({ status: 409, body: { message: ENTRY.identityTaken } });
    // The ticket was not spent by the refusal: it still signs in, to the owner's account.
    expect((await enter(stolen, false)).body.user.id).toBe(owner.userId);
    // The owner's account cannot be linked to a second person of the same platform.
    const secondPerson = await launchTicket(platform, reg, person(uniqueSub(), [ROLE.learner]));
    expect(await linkAccount(secondPerson, owner.userId)).toMatchObject({ status: 409, body: { message: ENTRY.accountTaken } });
    expect(await enter(secondPerson, false)).toMatchObject({ status: 200, body: { estado: 'sin-cuenta' } });
  });

  it('an account made by a launch cannot be linked over afterwards', async () => {
    const reg = await register(platform);
    const sub = uniqueSub();
    const made = await enter(await launchTicket(platform, reg, person(sub, [ROLE.learner])));
    const owner = await learner('Marta');
    const ticket = await launchTicket(platform, reg, person(sub, [ROLE.learner]));
    expect(await linkAccount(ticket, owner.userId)).toMatchObject({ status: 409, body: { message: ENTRY.identityTaken } });
    expect((await enter(ticket, false)).body.user.id).toBe(made.body.user.id);
  });
});

describe('the one-time sign-in cannot be used without a proof', () => {
  it('CUSTOM_AUTH answered with a made-up proof, or with another account\'s, gives no tokens', async () => {
    const { AdminInitiateAuthCommand, AdminRespondToAuthChallengeCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { dynamoProofStore } = await import('../../lambdas/auth');
    const victim = await learner('Víctima');
    const attacker = await learner('Atacante');
    const client = cognito();
    const start = () => client.send(new AdminInitiateAuthCommand({ UserPoolId: process.env.USER_POOL_ID, ClientId: process.env.USER_POOL_CLIENT_ID, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: victim.userId } }));
    const answer = (Session: string | undefined, ANSWER: string) => client.send(new AdminRespondToAuthChallengeCommand({
      UserPoolId: process.env.USER_POOL_ID, ClientId: process.env.USER_POOL_CLIENT_ID, ChallengeName: 'CUSTOM_CHALLENGE', Session, ChallengeResponses: { USERNAME: victim.userId, ANSWER },
    }));
    await expect(answer((await start()).Session, 'inventada')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A proof written for the attacker's own account does not open the victim's.
    const proofs = dynamoProofStore(documentClient(), process.env.TABLE_NAME!);
    await proofs.keep('prueba-del-atacante', attacker.userId, Math.floor(Date.now() / 1000) + 60);
    await expect(answer((await start()).Session, 'prueba-del-atacante')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A proof for the victim opens it once; the same proof again does not.
    await proofs.keep('prueba-valida', victim.userId, Math.floor(Date.now() / 1000) + 60);
    expect((await answer((await start()).Session, 'prueba-valida')).AuthenticationResult?.AccessToken).toBeDefined();
    await expect(answer((await start()).Session, 'prueba-valida')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('inside the LMS\'s iframe', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const framedLaunch = (idToken: string, state: string, cookie?: string) => invoke('POST /lti/launch', {
    rawBody: new URLSearchParams({ id_token: idToken, state }).toString(),
    headers: { ...FORM, 'sec-fetch-dest': 'iframe', ...(cookie && { cookie }) },
  });

  it('a browser that kept the login\'s cookie in the frame (Partitioned) finishes there: a page the platform alone may frame hands the ticket\'s proof to /lti/entrar', async () => {
    const reg = await register(platform);
    const l = await login(reg);
    const sub = uniqueSub();
    const token = await platform.sign({ ...specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...person(sub, [ROLE.learner], CONTEXT, 'Ana Pérez') });
    // Another login's cookie is not a launch's binding: as if none were kept, carried to a new tab (which asks "¿Eres tú?").
    const l2 = await login(reg);
    const other = await login(reg);
    const token2 = await platform.sign(specExampleLaunch({ ...reg, nonce: l2.nonce, targetLinkUri: `${site()}/` }));
    const swapped = `${l2.cookie.split('=')[0]}=${other.cookie.split('=')[1]}`;
    expect((await framedLaunch(token2, l2.state, swapped)).body).toMatch(/href="[^"]+\/lti\/entrar#ticket=[\w-]{43}&#38;prueba=[\w-]{43}" target="_blank"/);
    const res = await framedLaunch(token, l.state, l.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(reg.issuer).origin} https://platform.example.edu`);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[\w+/=]+'/);
    expect(res.headers['content-security-policy']).toContain("form-action 'none'");
    // The binding cookie is cleared (its state is spent) and no ticket cookie is set: a cross-site frame would not send it.
    expect(res.headers['set-cookie']).toMatch(/^__Host-lti-[\w-]{16}=; Path=\/; Max-Age=0;/);
    expect(res.cookies).toBeUndefined();
    const data = JSON.parse(/<script type="application\/json" id="lti-datos">(.+?)<\/script>/.exec(res.body)![1]) as { destino: string; ticket: string; prueba: string };
    expect(data.destino).toBe(`${site()}/lti/entrar?marco=${frameKey(reg.issuer, reg.clientId)}#ticket=${data.ticket}`);
    // The ticket alone (a link someone was sent) signs nobody in; with its proof, the learner is in, once.
    expect(await invoke('POST /lti/sesion', { body: { ticket: data.ticket, cuentaNueva: true } })).toMatchObject({ status: 401, body: { message: ENTRY.otherBrowser } });
    const entered = await invoke('POST /lti/sesion', { body: { ticket: data.ticket, cuentaNueva: true, prueba: data.prueba } });
    expect(entered).toMatchObject({ status: 200, body: { estado: 'dentro', user: { nombre: 'Ana Pérez' } } });
    // The state is spent: the same post again is refused.
    expect((await framedLaunch(token, l.state, l.cookie)).status).toBe(401);
  });

  it('no cookie kept in the frame and no platform storage (Safari on Moodle): the launch is carried to a new tab, which asks "¿Eres tú?" and links no account', async () => {
    const reg = await register(platform);
    const l = await login(reg);
    const sub = uniqueSub();
    const token = await platform.sign({ ...specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...person(sub, [ROLE.learner], CONTEXT, 'Ana Pérez') });
    const res = await framedLaunch(token, l.state);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The registration's issuer and the launch's return URL (the spec example's platform.example.edu).
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(reg.issuer).origin} https://platform.example.edu`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.cookies).toBeUndefined();
    // Not a second login: the platform's login hint is single-use (Moodle, Canvas). The launch itself, spent here.
    const tab = new URL(/href="([^"]+)" target="_blank" rel="noopener"/.exec(res.body)![1].replace(/&#38;/g, '&'));
    expect(tab.origin + tab.pathname).toBe(`${site()}/lti/entrar`);
    const fragment = new URLSearchParams(tab.hash.slice(1));
    const carried = { ticket: fragment.get('ticket')!, prueba: fragment.get('prueba')!, cuentaNueva: true };
    expect((await framedLaunch(token, l.state)).status).toBe(401);
    // Its person is asked first: whom it signs in (a link someone else made would sign this browser in to them).
    expect(await invoke('POST /lti/sesion', { body: carried })).toMatchObject({ status: 200, body: { estado: 'confirmar', nombre: 'Ana Pérez' } });
    // It never links the account signed in here, even confirmed.
    const owner = await learner('Dueña de la cuenta');
    expect(await invoke('POST /lti/vincular', { userId: owner.userId, body: { ticket: carried.ticket, prueba: carried.prueba } })).toMatchObject({ status: 403, body: { message: ENTRY.carriedNoLink } });
    // The ticket alone signs nobody in; confirmed with its proof, the LMS identity's own account, once.
    expect((await invoke('POST /lti/sesion', { body: { ticket: carried.ticket, cuentaNueva: true, confirmado: true } })).status).toBe(401);
    const entered = await invoke('POST /lti/sesion', { body: { ...carried, cuentaNueva: false, confirmado: true } });
    expect(entered).toMatchObject({ status: 200, body: { estado: 'dentro', user: { nombre: 'Ana Pérez' } } });
    expect(entered.body.user.id).not.toBe(owner.userId);
    expect((await invoke('POST /lti/sesion', { body: { ...carried, confirmado: true } })).status).toBe(401);
  });

  it('a forged launch gets no page, only its refusal', async () => {
    const reg = await register(platform);
    const l = await login(reg);
    const forged = await signWith(await platformKey(), specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }));
    const res = await framedLaunch(forged, l.state);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
