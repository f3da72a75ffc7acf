import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lmsAulaId } from '../../lambdas/aulas';
import { aulaKey } from '../../lambdas/aulas/aula-items';
import { dynamoAulaStore } from '../../lambdas/aulas/aula-store';
import type { AulaDeps } from '../../lambdas/aulas/ports';
import { assignCourses } from '../../lambdas/aulas/teaching';
import { dynamoCourseStore } from '../../lambdas/course-model';
import { tableAulaAllowance } from '../../lambdas/plans';
import { userPk } from '../../lambdas/shared/table';
import { invoke } from '../support/invoke';
import { courseKey } from '../../lambdas/course-model/course-keys';
import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER } from '../../lambdas/contract';
import { GRADE_SENT, lmsCourseKey } from '../../lambdas/lti/landing';
import { PICKER, REFUSAL } from '../../lambdas/lti/messages';
import { documentClient } from '../../lambdas/shared/clients';
import { choose, deepLinkingClaims, framedChoose, framedNewTab, framedOptions, newTabPicker, openFramedPicker, openPicker, pickerOptions, postedForm, relayPost, RETURN_URL, SPEC_DATA, verifyDeepLinkingResponse, type Picker } from '../support/lti-deep-linking';
import { frameKey } from '../../lambdas/lti/frame-origins';
import { enter, launchTicket, login, person, postLaunch, register, ROLE, site, type Registration } from '../support/lti-flow';
import { specExampleLaunch, startPlatform, type TestPlatform } from '../support/lti-platform';
import { generatedCourse, learner } from '../support/learners';

// Issue 45 item 3, Deep Linking 2.0, the attacker's tests first (docs/lti.md "Deep Linking"): an Instructor's
// LtiDeepLinkingRequest opens a picker bound to the verified launch (a single-use ticket, its browser's cookie,
// the account it signed in); Mentora signs the LtiDeepLinkingResponse itself, from that teacher's own courses,
// with the request's return URL and data; the LMS-side platform verifies it against Mentora's published JWKS.
// And item 4's last point: a learner's first launch into the linked aula says who receives their grade.

let platform: TestPlatform;
beforeAll(async () => { platform = await startPlatform(); });
afterAll(() => platform.close());

const CONTEXT = 'c1d887f0-a1a3-4bca-ae25-c375edcc131a';
const get = async (Key: { pk: string; sk: string }) =>
  (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key, ConsistentRead: true }))).Item;
const aulaOf = (reg: Registration) => lmsAulaId(lmsCourseKey(reg, CONTEXT));
const teacher = (sub = crypto.randomUUID(), settings?: Record<string, unknown>) => deepLinkingClaims({ sub, settings });

/** A registration, a teacher's picker, and one written course of that teacher (the offline writer's). */
async function teacherWithCourse() {
  const reg = await register(platform);
  const sub = crypto.randomUUID();
  const picker = await openPicker(platform, reg, teacher(sub));
  const { courseId } = await generatedCourse(picker.userId);
  return { reg, sub, picker, courseId };
}

/** The page the picker's post answered posts the signed response to the return URL: the platform checks it. */
async function signedAnswer(res: Awaited<ReturnType<typeof choose>>, reg: Registration) {
  expect(res.status).toBe(200);
  const form = postedForm(res.body as string);
  expect(form.action).toBe(RETURN_URL);
  return verifyDeepLinkingResponse(form.jwt, reg);
}

describe('the attacker\'s tests', () => {
  it('a Learner\'s deep-linking request is refused at the launch, spends nothing, and the teacher\'s still lands', async () => {
    const reg = await register(platform);
    const l = await login(reg);
    const claims = (roles: string[]) => ({ ...specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...deepLinkingClaims({ sub: crypto.randomUUID(), roles }) });
    for (const roles of [[ROLE.learner], [ROLE.institutionInstructor, ROLE.learner], []]) {
      expect(await postLaunch(await platform.sign(claims(roles)), l.state, l.cookie)).toMatchObject({ status: 403, body: { success: false, message: REFUSAL.deepLinkingLearner } });
    }
    expect((await postLaunch(await platform.sign(claims([ROLE.instructor])), l.state, l.cookie)).status).toBe(302);
  });

  it('a deep-linking request with no return URL, one that is not an address, or that accepts no resource links is refused', async () => {
    const reg = await register(platform);
    const l = await login(reg);
    const claims = (settings: Record<string, unknown>) => ({ ...specExampleLaunch({ ...reg, nonce: l.nonce, targetLinkUri: `${site()}/` }), ...teacher(undefined, settings) });
    for (const [settings, message] of [
      [{ deep_link_return_url: 'javascript:alert(1)' }, REFUSAL.deepLinkingSettings],
      [{ deep_link_return_url: 'no es una dirección' }, REFUSAL.deepLinkingSettings],
      [{ accept_types: ['link', 'file'] }, REFUSAL.deepLinkingTypes],
    ] as const) {
      expect(await postLaunch(await platform.sign(claims(settings)), l.state, l.cookie)).toMatchObject({ status: 400, body: { message } });
    }
    const noSettings = { ...claims({}), 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': undefined };
    expect(await postLaunch(await platform.sign(noSettings), l.state, l.cookie)).toMatchObject({ status: 400, body: { message: REFUSAL.deepLinkingSettings } });
    expect((await postLaunch(await platform.sign(claims({})), l.state, l.cookie)).status).toBe(302);
  });

  it('a stranger (no cookie, another browser\'s, or another account) gets nothing listed or signed; the teacher still can', async () => {
    const reg = await register(platform);
    const picker = await openPicker(platform, reg, teacher());
    const other = await openPicker(platform, reg, teacher());
    const mixed = `${picker.cookie.split('=')[0]}=${other.cookie.split('=')[1]}`;
    const noCookie = await choose(picker, [], {}, null);
    expect(noCookie.status).toBe(403);
    expect(noCookie.body).toContain(PICKER.otherBrowser);
    expect(await choose(picker, [], {}, mixed)).toMatchObject({ status: 403 });
    // 403, not 401: the SPA would read a 401 on a signed-in call as its session ending.
    expect(await pickerOptions(picker, null)).toMatchObject({ status: 403, body: { message: PICKER.otherBrowser } });
    const stranger = await learner('Intrusa');
    expect(await pickerOptions({ ...picker, userId: stranger.userId })).toMatchObject({ status: 403, body: { message: PICKER.otherAccount } });
    // A ticket made up, or a resource-link launch's ticket, is no picker.
    expect(await choose({ ...picker, ticket: 'x'.repeat(43) }, [])).toMatchObject({ status: 410 });
    const launchOnly = await launchTicket(platform, reg, person(crypto.randomUUID(), [ROLE.learner]));
    expect(await choose({ ticket: launchOnly.ticket, cookie: launchOnly.cookie }, [])).toMatchObject({ status: 410 });
    // Nothing was spent: the teacher's own browser still answers.
    expect((await pickerOptions(picker)).status).toBe(200);
    await signedAnswer(await choose(picker, []), reg);
  });

  it('another teacher\'s course, an unknown one, or a module the course lacks is refused: nothing signed, nothing added, the ticket kept', async () => {
    const { reg, picker, courseId } = await teacherWithCourse();
    const otherTeacher = await learner('Otra profesora');
    const { courseId: theirs } = await generatedCourse(otherTeacher.userId);
    for (const elementos of [[{ courseId: theirs }], [{ courseId }, { courseId: theirs, moduleId: 'm01' }], [{ courseId, moduleId: 'm99' }], [{ courseId: crypto.randomUUID() }]]) {
      const res = await choose(picker, elementos);
      expect(res.status).toBe(404);
      expect(res.body).toContain(PICKER.notYours);
      expect(res.headers['content-security-policy']).toContain("form-action 'none'");
    }
    // The aula was not even made; the list offers the teacher's own course only.
    expect(await get(aulaKey(aulaOf(reg)))).toBeUndefined();
    expect((await pickerOptions(picker)).body.cursos.map((c: { courseId: string }) => c.courseId)).toEqual([courseId]);
    const { items } = await signedAnswer(await choose(picker, [{ courseId }]), reg);
    expect(items.map((i) => i.lineItem.resourceId)).toEqual([courseId]);
  }, 240_000);

  it('the request\'s data and return URL cannot be changed by the picker\'s post; malformed picks are refused', async () => {
    const reg = await register(platform);
    const picker = await openPicker(platform, reg, teacher());
    for (const elementos of [[{ courseId: crypto.randomUUID(), data: 'otra' }], { courseId: crypto.randomUUID() }, [{ courseId: '../x' }]]) {
      expect(await choose(picker, elementos)).toMatchObject({ status: 400 });
    }
    const res = await choose(picker, [], { data: 'csrftoken:atacante', deep_link_return_url: 'https://atacante.example/robar', returnUrl: 'https://atacante.example/robar' });
    const { data } = await signedAnswer(res, reg);
    expect(data).toBe(SPEC_DATA);
    expect(res.headers['content-security-policy']).toContain('form-action https://platform.example;');
  });

  it('a replayed picker ticket signs nothing more; the same choice twenty times at once signs once', async () => {
    const reg = await register(platform);
    const picker = await openPicker(platform, reg, teacher());
    await signedAnswer(await choose(picker, []), reg);
    const again = await choose(picker, []);
    expect(again.status).toBe(410);
    expect(again.body).toContain(PICKER.ticketUnknown);
    expect(again.body).not.toContain('name="JWT"');

    const twenty = await openPicker(platform, reg, teacher());
    const answers = await Promise.all(Array.from({ length: 20 }, () => choose(twenty, [])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(19);
    expect((await pickerOptions(twenty)).status).toBe(410);
  });

  it('twenty choices for one LMS course posted at the same moment, each adding its course: every course lands in the aula, once', async () => {
    const { reg, sub, picker, courseId } = await teacherWithCourse();
    // Ten courses of the teacher (LMS_MAX_CURSOS): the written one and nine more like it under their own ids.
    const original = await get(courseKey(picker.userId, courseId));
    const ids = [courseId, ...Array.from({ length: 9 }, () => crypto.randomUUID())];
    for (const id of ids.slice(1)) {
      await documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...original, ...courseKey(picker.userId, id), courseId: id } }));
    }
    // Nineteen more deep-linking launches of the same teacher, one after another (a loaded machine: a bound, not a pace).
    const pickers = [picker];
    while (pickers.length < 20) pickers.push(await openPicker(platform, reg, teacher(sub)));
    const answers = await Promise.all(pickers.map((p, i) => choose(p, [{ courseId: ids[i % ids.length] }])));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const aula = await get(aulaKey(aulaOf(reg)));
    expect((aula!.cursos as { courseId: string }[]).map((c) => c.courseId).sort()).toEqual([...ids].sort());
  }, 240_000);

  it('a platform that accepts one item at a time gets one', async () => {
    const reg = await register(platform);
    const picker = await openPicker(platform, reg, teacher(undefined, { accept_multiple: false }));
    expect((await pickerOptions(picker)).body.varios).toBe(false);
    const res = await choose(picker, [{ courseId: crypto.randomUUID() }, { courseId: crypto.randomUUID() }]);
    expect(res.status).toBe(400);
    expect(res.body).toContain(PICKER.onlyOne);
  });
});

describe('the picker inside the LMS\'s iframe (no cookie kept there): bound by a proof, its answer posted from the frame', () => {
  const PLATFORM_FRAMERS = () => `frame-ancestors ${new URL(platform.url).origin} https://platform.example.edu`;

  it('a stranger: no proof, another picker\'s proof, the top-level cookie\'s value as a proof, or another account gets nothing listed or signed', async () => {
    const reg = await register(platform);
    const p = await openFramedPicker(platform, reg, teacher());
    const other = await openFramedPicker(platform, reg, teacher());
    const topLevel = await openPicker(platform, reg, teacher());
    for (const prueba of [undefined, other.prueba, topLevel.cookie.split('=')[1]]) {
      expect(await framedOptions(p, prueba)).toMatchObject({ status: 403, body: { message: PICKER.otherBrowser } });
      const res = await framedChoose(p, [], { prueba });
      expect(res.status).toBe(403);
      expect(res.body).toContain(PICKER.otherBrowser);
    }
    // A framed picker's proof does not open a top-level one either (each way takes its own binding only).
    expect(await framedOptions({ ticket: topLevel.ticket, userId: topLevel.userId }, p.prueba)).toMatchObject({ status: 403 });
    expect(await framedChoose(topLevel, [], { prueba: p.prueba })).toMatchObject({ status: 403 });
    const stranger = await learner('Intrusa');
    expect(await framedOptions({ ...p, userId: stranger.userId }, p.prueba)).toMatchObject({ status: 403, body: { message: PICKER.otherAccount } });
    // Nothing was spent: the teacher's frame still answers.
    expect((await framedOptions(p, p.prueba)).status).toBe(200);
    await signedAnswer(await framedChoose(p, [], { prueba: p.prueba }), reg);
  });

  it('a form post forged by another site (or with no Origin) is refused even with the right proof; its refusal shows in the platform\'s frame only', async () => {
    const reg = await register(platform);
    const p = await openFramedPicker(platform, reg, teacher());
    for (const origin of ['https://atacante.example', null, `${new URL(platform.url).origin}`]) {
      const res = await framedChoose(p, [], { prueba: p.prueba, origin });
      expect(res.status).toBe(403);
      expect(res.body).toContain(PICKER.otherPage);
      expect(res.headers['content-security-policy']).toContain(PLATFORM_FRAMERS());
    }
    // An unknown ticket's refusal frames nowhere.
    expect((await framedChoose({ ticket: 'x'.repeat(43) }, [], { prueba: p.prueba })).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await signedAnswer(await framedChoose(p, [], { prueba: p.prueba }), reg);
  });

  it('a replay signs nothing more; twenty posts at once sign one answer', async () => {
    const reg = await register(platform);
    const p = await openFramedPicker(platform, reg, teacher());
    const answers = await Promise.all(Array.from({ length: 20 }, () => framedChoose(p, [], { prueba: p.prueba })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(19);
    expect((await framedChoose(p, [], { prueba: p.prueba })).status).toBe(410);
    expect(await framedOptions(p, p.prueba)).toMatchObject({ status: 410 });
  });

  it('opens in the frame (/lti/elegir framable by that platform, no cookie), lists the teacher\'s course, and its answer\'s page may be framed by the platform only', async () => {
    const reg = await register(platform);
    const p = await openFramedPicker(platform, reg, teacher());
    expect(p.destino).toBe(`/lti/elegir?marco=${frameKey(reg.issuer, reg.clientId)}#seleccion=${p.ticket}`);
    expect(p.prueba).toMatch(/^[\w-]{43}$/);
    expect(p.destino).not.toContain(p.prueba);
    expect((p.cookies ?? []).filter((c) => c.startsWith('__Host-ltid-'))).toEqual([]);
    const { courseId } = await generatedCourse(p.userId);
    const options = await framedOptions(p, p.prueba);
    expect(options).toMatchObject({ status: 200, body: { cursos: [expect.objectContaining({ courseId })] } });
    const res = await framedChoose(p, [{ courseId, moduleId: 'm01' }], { prueba: p.prueba });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain('form-action https://platform.example;');
    expect(csp.endsWith(PLATFORM_FRAMERS())).toBe(true);
    const { items } = await signedAnswer(res, reg);
    expect(items).toEqual([expect.objectContaining({ url: `${site()}/lti/actividad?curso=${courseId}&modulo=m01` })]);
  }, 150_000);
});

describe('the new-tab way (a platform without its storage): the framed page keeps a relay, and "Ya elegí" posts the answer from the frame', () => {
  const PLATFORM_FRAMERS = () => `frame-ancestors ${new URL(platform.url).origin} https://platform.example.edu`;

  it('a wrong secret, a post from another site, or another teacher\'s picker carrying the relay\'s id get nothing; the teacher\'s own still does', async () => {
    const reg = await register(platform);
    const sub = crypto.randomUUID();
    const framed = await framedNewTab(platform, reg, teacher(sub));
    // The new tab's address carries the launch (its ticket and proof), never the relay's secret.
    expect(framed.tabUrl.origin + framed.tabUrl.pathname).toBe(`${site()}/lti/entrar`);
    expect(framed.tabUrl.toString()).not.toContain(framed.secret);
    expect(framed.csp).toContain(`form-action ${site()}; ${PLATFORM_FRAMERS()}`);
    expect((await relayPost('x'.repeat(43))).status).toBe(410);
    const forged = await relayPost(framed.secret, 'https://atacante.example');
    expect(forged.status).toBe(403);
    expect(forged.body).toContain(PICKER.otherPage);
    // Another teacher's own new tab fills only their own relay: their picker's answer never reaches this page.
    const intruder = await framedNewTab(platform, reg, teacher(crypto.randomUUID()));
    expect((await choose(await newTabPicker(intruder.tabUrl), [])).body).toContain('Tu elección está lista');
    // The victim's page still waits for its teacher's answer.
    const early = await relayPost(framed.secret);
    expect(early.status).toBe(409);
    expect(early.body).toContain('Todavía no elegiste');
    expect(early.headers['content-security-policy']).toContain(PLATFORM_FRAMERS());
    const own = await newTabPicker(framed.tabUrl);
    expect((await choose(own, [])).body).toContain('Tu elección está lista');
    await signedAnswer(await relayPost(framed.secret), reg);
  });

  it('the new tab\'s answer fills the relay (its tab posts nothing); twenty "Ya elegí" at once take it once, framable by the platform only; a replay gets nothing', async () => {
    const reg = await register(platform);
    const sub = crypto.randomUUID();
    const framed = await framedNewTab(platform, reg, teacher(sub));
    const picker = await newTabPicker(framed.tabUrl);
    const { courseId } = await generatedCourse(picker.userId);
    const tab = await choose(picker, [{ courseId, moduleId: 'm01' }]);
    expect(tab.status).toBe(200);
    expect(tab.body).toContain('Tu elección está lista');
    expect(tab.body).not.toContain('name="JWT"');
    const answers = await Promise.all(Array.from({ length: 20 }, () => relayPost(framed.secret)));
    expect(answers.filter((a) => a.status === 410)).toHaveLength(19);
    const taken = answers.find((a) => a.status === 200)!;
    expect(taken.headers['content-security-policy'].endsWith(PLATFORM_FRAMERS())).toBe(true);
    const { items, data } = await signedAnswer(taken, reg);
    expect(data).toBe(SPEC_DATA);
    expect(items).toEqual([expect.objectContaining({ url: `${site()}/lti/actividad?curso=${courseId}&modulo=m01` })]);
    expect((await relayPost(framed.secret)).status).toBe(410);
    // The picker's ticket was spent by its answer, as any.
    expect((await choose(picker, [])).status).toBe(410);
  }, 150_000);
});

describe('deep linking, from the picker to the learner\'s launch', () => {
  let picked: Awaited<ReturnType<typeof teacherWithCourse>> & { items: Awaited<ReturnType<typeof verifyDeepLinkingResponse>>['items'] };

  it('opens the picker for the teacher, lists their course, and signs the items the LMS makes gradebook columns of', async () => {
    const t = await teacherWithCourse();
    const options = await pickerOptions(t.picker);
    expect(options).toMatchObject({ status: 200, body: { success: true, plataforma: new URL(t.reg.issuer).host, curso: 'Economics as a Social Science', varios: true } });
    const course = options.body.cursos[0] as { courseId: string; titulo: string; modulos: { moduleId: string; titulo: string }[] };
    expect(course).toMatchObject({ courseId: t.courseId, modulos: [expect.objectContaining({ moduleId: 'm01' }), expect.objectContaining({ moduleId: 'm02' })] });

    const res = await choose(t.picker, [{ courseId: t.courseId }, { courseId: t.courseId, moduleId: 'm02' }, { courseId: t.courseId }]);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action https:\/\/platform\.example; frame-ancestors 'none'/);
    const { items, data } = await signedAnswer(res, t.reg);
    expect(data).toBe(SPEC_DATA);
    // The same course picked twice is one item.
    expect(items).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', title: course.titulo, url: `${site()}/lti/actividad?curso=${t.courseId}`, lineItem: { scoreMaximum: 100, label: course.titulo, resourceId: t.courseId, tag: 'curso' } }),
      expect.objectContaining({
        title: `Evaluación: ${course.modulos[1].titulo}`, url: `${site()}/lti/actividad?curso=${t.courseId}&modulo=m02`,
        lineItem: { scoreMaximum: 100, label: `Evaluación: ${course.modulos[1].titulo}`, resourceId: `${t.courseId}/m02`, tag: 'evaluacion' },
      }),
    ]);
    // The LMS course's aula now studies the course (made by this choice: the teacher had not launched before).
    expect(await get(aulaKey(aulaOf(t.reg)))).toMatchObject({ teacherId: t.picker.userId, cursos: [expect.objectContaining({ courseId: t.courseId })] });
    picked = { ...t, items };
  }, 150_000);

  it('the linked module\'s launch lands a learner in their copy, at its evaluation, told first who receives their grade; once', async () => {
    const { reg, items } = picked;
    const moduleItem = items[1];
    const sub = crypto.randomUUID();
    const claims = { ...person(sub, [ROLE.learner], CONTEXT, 'Ana Pérez'), 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': moduleItem.url };
    const first = await enter(await launchTicket(platform, reg, claims));
    expect(first.status).toBe(200);
    expect(first.body.destino).toMatch(/^\/course\/[0-9a-f-]{36}\?modulo=m02&evaluacion$/);
    expect(first.body.destino).not.toContain(picked.courseId);
    expect(first.body.avisoNotas).toEqual({
      plataforma: 'Example Tool Platform', host: new URL(reg.issuer).host, recibe: [...GRADE_SENT], profesorVe: [...SHARED_WITH_TEACHER], profesorNoVe: [...NOT_SHARED_WITH_TEACHER],
    });
    // The next launch goes straight to the evaluation: no notice again.
    const again = await enter(await launchTicket(platform, reg, claims));
    expect(again.body.destino).toBe(first.body.destino);
    expect(again.body.avisoNotas).toBeUndefined();
    // The course's own link: the same copy, from its start.
    const course = await enter(await launchTicket(platform, reg, { ...claims, 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': items[0].url }));
    expect(course.body.destino).toBe(first.body.destino.split('?')[0]);
  });

  it('the teacher\'s launch of a linked activity lands in the aula; a target on another site names nothing', async () => {
    const { reg, sub, items } = picked;
    const asTeacher = { ...person(sub, [ROLE.instructor]), 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': items[1].url };
    expect((await enter(await launchTicket(platform, reg, asTeacher))).body.destino).toBe(`/aulas/${aulaOf(reg)}`);
    const elsewhere = items[1].url.replace(site(), 'https://otro.example');
    const learnerElsewhere = { ...person(crypto.randomUUID(), [ROLE.learner]), 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': elsewhere };
    // One course assigned: the copy, from its start, not the evaluation the foreign target names.
    expect((await enter(await launchTicket(platform, reg, learnerElsewhere))).body.destino).toMatch(/^\/course\/[0-9a-f-]{36}$/);
  });
});

describe('PUT /aulas/{id}/asignaciones and a deep-linking choice at the same moment: neither change is lost', () => {
  const TABLE = () => process.env.TABLE_NAME!;
  const ids = (aula: { cursos?: unknown } | undefined) => ((aula?.cursos ?? []) as { courseId: string }[]).map((c) => c.courseId);

  /** A premium teacher (PUT is bounded by the plan) whose LMS course's aula studies `courseId`, and two more written courses. */
  async function aulaStudyingOne() {
    const t = await teacherWithCourse();
    await documentClient().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userPk(t.picker.userId), sk: 'PROFILE' }, UpdateExpression: 'SET #plan = :p', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }));
    const original = await get(courseKey(t.picker.userId, t.courseId));
    const [b, c] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of [b, c]) await documentClient().send(new PutCommand({ TableName: TABLE(), Item: { ...original, ...courseKey(t.picker.userId, id), courseId: id } }));
    await signedAnswer(await choose(t.picker, [{ courseId: t.courseId }]), t.reg);
    expect(ids(await get(aulaKey(aulaOf(t.reg))))).toEqual([t.courseId]);
    return { ...t, b, c, aulaId: aulaOf(t.reg) };
  }

  it('the choice lands between the assignment\'s read and its write: the aula studies both the teacher\'s list and the linked course', async () => {
    const t = await aulaStudyingOne();
    const late = await openPicker(platform, t.reg, teacher(t.sub));
    // The assignment's store, as the handler builds it, but its first read of the aula waits for the LMS choice to land:
    // the interleaving two requests at the same moment can have, made certain.
    const store = dynamoAulaStore(documentClient(), TABLE());
    let reads = 0;
    const racing: typeof store = {
      ...store,
      aula: async (id, consistent) => {
        const read = await store.aula(id, consistent);
        if (reads++ === 0) await signedAnswer(await choose(late, [{ courseId: t.b }]), t.reg);
        return read;
      },
    };
    const deps = { store: racing, allowance: tableAulaAllowance(TABLE()), courses: dynamoCourseStore(documentClient(), TABLE()) } as unknown as AulaDeps;
    const view = await assignCourses(deps, t.picker.userId, t.aulaId, { cursos: [t.courseId, t.c], diplomados: [] });
    // Before the write was conditional, the assignment wrote [A, C] over Deep Linking's [A, B]: B's activity in the LMS
    // then graded nothing and its learners had no copy.
    expect(ids(view)).toEqual([t.courseId, t.c, t.b]);
    expect(ids(await get(aulaKey(t.aulaId)))).toEqual([t.courseId, t.c, t.b]);
  }, 150_000);

  it('both through their routes at once, and a course the teacher\'s page never showed is kept while one they saw and left out goes', async () => {
    const t = await aulaStudyingOne();
    const late = await openPicker(platform, t.reg, teacher(t.sub));
    const put = (body: Record<string, unknown>) => invoke('PUT /aulas/{id}/asignaciones', { userId: t.picker.userId, params: { id: t.aulaId }, body });
    const [assigned, linked] = await Promise.all([put({ cursos: [t.courseId, t.c] }), choose(late, [{ courseId: t.b }])]);
    expect(assigned.status).toBe(200);
    await signedAnswer(linked, t.reg);
    expect(ids(await get(aulaKey(t.aulaId))).sort()).toEqual([t.courseId, t.b, t.c].sort());
    // The page was opened on [A, B, C]: leaving B out removes it. Then the page still shows [A, C] while B is linked
    // again from the LMS: its next save keeps B, which the teacher never saw there.
    expect((await put({ cursos: [t.courseId, t.c], vistos: [t.courseId, t.b, t.c] })).body.data.cursos.map((c: { courseId: string }) => c.courseId)).toEqual([t.courseId, t.c]);
    await signedAnswer(await choose(await openPicker(platform, t.reg, teacher(t.sub)), [{ courseId: t.b }]), t.reg);
    expect((await put({ cursos: [t.c], vistos: [t.courseId, t.c] })).body.data.cursos.map((c: { courseId: string }) => c.courseId)).toEqual([t.c, t.b]);
    expect(ids(await get(aulaKey(t.aulaId)))).toEqual([t.c, t.b]);
  }, 150_000);
});

export type { Picker };
