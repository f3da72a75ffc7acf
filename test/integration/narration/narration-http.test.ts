import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lessonKey } from '../../../lambdas/course-model';
import { narrationText, spokenAnswerText } from '../../../lambdas/narration';
import { monthKey } from '../../../lambdas/plans';
import { mp3Info, parseMarks } from '../../support/audio';
import { describeAudio } from '../../support/local-polly';
import { table } from '../payments/support';
import { baseUrl, call, signUp } from '../support/api';
import { stackNow, useOwnStack } from '../support/own-stack';
import { learnerWithCourse } from '../tutor/course-fixture';

// Issue 26 over HTTP, on a stack of this file's own (its Polly's count is this file's alone): a lesson
// narrated into real MP3 whose length follows the text and sentence marks covering every sentence read;
// a second request synthesizes and costs nothing; another learner, an unknown voice and exhausted
// minutes are Spanish 4xx with nothing synthesized; a tutor answer read aloud once; the voices' samples.

jest.setTimeout(240_000);
const VOICE_400 = { status: 400, body: { success: false, message: 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro' } };
const LESSON_404 = { status: 404, body: { success: false, message: 'No encontramos esta lección.' } };
const ANSWER_404 = { status: 404, body: { success: false, message: 'No encontramos esa respuesta del tutor en tu conversación.' } };

const syntheses = async () => ((await (await fetch(`${baseUrl()}/__local/polly`)).json()) as { calls: number; characters: number }).calls;
const bytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const lessonPath = (courseId: string, moduleId: string, lessonId: string) => `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/narration`;
/** ms of audio per character read: espeak-ng (like Polly) speaks Spanish at roughly 12–20 characters a second. */
const msPerChar = (durationMs: number, characters: number) => durationMs / characters;

async function minutesUsed(userId: string) {
  const { db, name } = table();
  const out = await db.send(new GetCommand({ TableName: name, Key: { pk: `USER#${userId}`, sk: `USAGE#narracion#${monthKey(await stackNow())}` } }));
  return Number(out.Item?.minutos ?? 0);
}

async function readyNarration(token: string, path: string) {
  for (let i = 0; i < 400; i++) {
    const res = await call('GET', path, { token });
    if (res.status !== 200 || res.body.data.estado !== 'generando') return res;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${path} still generando`);
}

describeAudio('narration over HTTP (issue 26)', () => {
  useOwnStack();
  let ana: Awaited<ReturnType<typeof learnerWithCourse>>;
  let eva: { token: string; id: string };
  beforeAll(async () => {
    ana = await learnerWithCourse();
    const other = await signUp('Eva');
    eva = { token: other.tokens.accessToken, id: other.user.id as string };
  }, 120_000);

  it("refuses another learner's lesson and an unknown voice in Spanish, synthesizing nothing", async () => {
    const before = await syntheses();
    const path = lessonPath(ana.courseId, 'm01', 'l01');
    expect(await call('POST', path, { token: eva.token, body: {} })).toMatchObject(LESSON_404);
    expect(await call('GET', path, { token: eva.token })).toMatchObject(LESSON_404);
    expect(await call('POST', path, { token: ana.token, body: { voz: 'Joanna' } })).toMatchObject(VOICE_400);
    expect(await call('GET', `${path}?voz=Joanna`, { token: ana.token })).toMatchObject(VOICE_400);
    expect(await syntheses()).toBe(before);
    expect(await minutesUsed(eva.id)).toBe(0);
  });

  it('narrates a lesson into real MP3 that lasts as long as its text, with marks for every sentence read; a second POST is free', async () => {
    const path = lessonPath(ana.courseId, 'm01', 'l01');
    const before = await syntheses();
    const started = await call('POST', path, { token: ana.token, body: { voz: 'Sergio' } });
    expect(started).toMatchObject({ status: 202, body: { success: true, data: { estado: 'generando', voz: 'Sergio' } } });
    const ready = await readyNarration(ana.token, `${path}?voz=Sergio`);
    expect(ready).toMatchObject({ status: 200, body: { data: { estado: 'lista', voz: 'Sergio' } } });
    // Two tasks: the audio and its sentence marks.
    expect(await syntheses()).toBe(before + 2);

    const { db, name } = table();
    const lesson = (await db.send(new GetCommand({ TableName: name, Key: lessonKey(ana.user.id as string, ana.courseId, 'm01', 'l01') }))).Item!;
    const text = narrationText(lesson.contenido as string);
    const mp3 = mp3Info(await bytes(ready.body.data.audioUrl as string));
    expect(mp3.format).toBe('mp3');
    const perChar = msPerChar(mp3.durationMs, text.length);
    console.info(`lesson: ${text.length} characters, ${Math.round(mp3.durationMs / 1000)} s of MP3 (${perChar.toFixed(1)} ms a character)`);
    expect(perChar).toBeGreaterThan(25);
    expect(perChar).toBeLessThan(150);
    const marks = parseMarks(await (await fetch(ready.body.data.marcasUrl as string)).text());
    expect(new Set(marks.map((m) => m.type))).toEqual(new Set(['sentence']));
    expect(marks.length).toBeGreaterThanOrEqual(text.split('\n').length);
    expect(marks.map((m) => m.value).join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(marks.map((m) => m.time)).toEqual([...marks.map((m) => m.time)].sort((a, b) => a - b));
    expect(marks[marks.length - 1].time).toBeLessThan(mp3.durationMs);

    const minutes = await minutesUsed(ana.user.id as string);
    expect(minutes).toBeGreaterThan(0);
    const again = await call('POST', path, { token: ana.token, body: { voz: 'Sergio' } });
    expect(again).toMatchObject({ status: 200, body: { data: { estado: 'lista', audioUrl: expect.any(String) as string } } });
    expect(await syntheses()).toBe(before + 2);
    expect(await minutesUsed(ana.user.id as string)).toBe(minutes);
    // Another learner still gets 404 for the narrated lesson, and nothing is synthesized for her.
    expect(await call('GET', `${path}?voz=Sergio`, { token: eva.token })).toMatchObject(LESSON_404);
    expect(await syntheses()).toBe(before + 2);
  });

  it("reads a tutor answer of the learner's own conversation aloud once; a fecha not in it or another learner's course is 404", async () => {
    const chat = await call('POST', '/ai-tutor/chat', { token: ana.token, body: { courseId: ana.courseId, message: '¿Qué es una lista en Python?' } });
    expect(chat.status).toBe(200);
    const fecha = chat.body.data.fecha as string;
    const path = `/ai-tutor/context/${ana.courseId}/voz`;
    const before = await syntheses();
    expect(await call('POST', path, { token: ana.token, body: { fecha: '2020-01-01T00:00:00.000Z' } })).toMatchObject(ANSWER_404);
    expect(await call('POST', path, { token: eva.token, body: { fecha } })).toMatchObject(ANSWER_404);
    expect(await syntheses()).toBe(before);

    const minutes = await minutesUsed(ana.user.id as string);
    const first = await call('POST', path, { token: ana.token, body: { fecha } });
    expect(first).toMatchObject({ status: 200, body: { data: { voz: 'Lucia', caracteres: spokenAnswerText(chat.body.data.respuesta as string).length } } });
    const mp3 = mp3Info(await bytes(first.body.data.audioUrl as string));
    expect(msPerChar(mp3.durationMs, first.body.data.caracteres as number)).toBeGreaterThan(25);
    expect(await syntheses()).toBe(before + 1);
    const charged = await minutesUsed(ana.user.id as string);
    expect(charged).toBeGreaterThan(minutes);

    const again = await call('POST', path, { token: ana.token, body: { fecha } });
    expect(again.status).toBe(200);
    expect(await syntheses()).toBe(before + 1);
    expect(await minutesUsed(ana.user.id as string)).toBe(charged);
  });

  it("answers a voice's sample, made once for everyone; an unknown voice is 400", async () => {
    const before = await syntheses();
    const first = await call('GET', '/narration/voices/Mia/sample', { token: ana.token });
    expect(first).toMatchObject({ status: 200, body: { data: { voz: 'Mia' } } });
    expect(mp3Info(await bytes(first.body.data.audioUrl as string)).durationMs).toBeGreaterThan(2000);
    expect(await call('GET', '/narration/voices/Mia/sample', { token: eva.token })).toMatchObject({ status: 200 });
    expect(await syntheses()).toBe(before + 1);
    expect(await minutesUsed(eva.id)).toBe(0);
    expect(await call('GET', '/narration/voices/Joanna/sample', { token: eva.token })).toMatchObject(VOICE_400);
    expect(await syntheses()).toBe(before + 1);
  });

  it("refuses a lesson and a tutor answer with 429 in Spanish once the plan's minutes are used, synthesizing nothing", async () => {
    const { db, name } = table();
    // The free plan's 30 minutes, used up this month (the stack's month).
    await db.send(new UpdateCommand({ TableName: name, Key: { pk: `USER#${ana.user.id as string}`, sk: `USAGE#narracion#${monthKey(await stackNow())}` }, UpdateExpression: 'SET minutos = :m', ExpressionAttributeValues: { ':m': 30 } }));
    const before = await syntheses();
    const res = await call('POST', lessonPath(ana.courseId, 'm01', 'l02'), { token: ana.token, body: {} });
    expect(res).toMatchObject({ status: 429, body: { success: false, message: expect.stringMatching(/^Has usado los minutos de narración de tu plan este mes\. Se renuevan el 1 de [a-z]+\.$/) as string } });
    const chat = await call('POST', '/ai-tutor/chat', { token: ana.token, body: { courseId: ana.courseId, message: '¿Y un diccionario?' } });
    const spoken = await call('POST', `/ai-tutor/context/${ana.courseId}/voz`, { token: ana.token, body: { fecha: chat.body.data.fecha } });
    expect(spoken).toMatchObject({ status: 429, body: { success: false } });
    expect(await syntheses()).toBe(before);
    // What was already made still plays: cached audio costs nothing, even with no minutes left.
    expect(await call('POST', lessonPath(ana.courseId, 'm01', 'l01'), { token: ana.token, body: { voz: 'Sergio' } })).toMatchObject({ status: 200 });
    expect(await syntheses()).toBe(before);
  });
});
