import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { lessonIdAt, lessonKey, moduleIdAt } from '../../lambdas/course-model';
import { dynamoNarrationMinutes, getNarration, LINK_SECONDS, narrationText, startNarration, tableNarrationDeps } from '../../lambdas/narration';
import { monthKey, narrationCostUsd, narrationMinutes, PLANS } from '../../lambdas/plans';
import { budgetMessage } from '../../lambdas/plans/ai-budget';
import { speakAnswer } from '../../lambdas/narration/speak';
import { documentClient } from '../../lambdas/shared/clients';
import { mp3Info, parseMarks } from '../support/audio';
import { describeAudio } from '../support/local-polly';
import { generatedCourse, learner } from '../support/learners';

// The narration's ports assembled on the local stack (its table, Polly and S3): a generated lesson is
// narrated into the private bucket, its presigned links give real MP3 and marks covering every sentence
// read; the second request starts nothing and charges nothing; another learner's lesson is 404.

const TABLE = process.env.TABLE_NAME as string;

describeAudio('a lesson narrated on the local stack', () => {
  it('narrates once, links real audio and marks, and refuses another learner', async () => {
    const deps = tableNarrationDeps(TABLE, process.env.MATERIALS_BUCKET as string);
    const { userId } = await learner('Ana');
    const { courseId } = await generatedCourse(userId);
    const ref = { courseId, moduleId: moduleIdAt(0), lessonId: lessonIdAt(0) };
    const { userId: eva } = await learner('Eva');
    await expect(startNarration(deps, eva, ref, 'Lucia')).rejects.toMatchObject({ status: 404, message: 'No encontramos esta lección.' });

    const first = await startNarration(deps, userId, ref, 'Sergio');
    expect(first.estado).toBe('generando');
    let ready = first;
    for (let i = 0; i < 120 && ready.estado === 'generando'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      ready = await getNarration(deps, userId, ref, 'Sergio');
    }
    expect(ready).toMatchObject({ estado: 'lista', voz: 'Sergio', audioUrl: expect.stringContaining(`X-Amz-Expires=${LINK_SECONDS}`) as string });
    const mp3 = new Uint8Array(await (await fetch(ready.audioUrl!)).arrayBuffer());
    expect(mp3Info(mp3).durationMs).toBeGreaterThan(10_000);
    const marks = parseMarks(await (await fetch(ready.marcasUrl!)).text());
    const lesson = (await documentClient().send(new GetCommand({ TableName: TABLE, Key: lessonKey(userId, ref.courseId, ref.moduleId, ref.lessonId) }))).Item!;
    const text = narrationText(lesson.contenido as string);
    expect(marks.length).toBeGreaterThanOrEqual(text.split('\n').length);
    expect(marks.map((m) => m.value).join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(marks[marks.length - 1].time).toBeLessThan(mp3Info(mp3).durationMs);

    const minutes = dynamoNarrationMinutes(documentClient(), TABLE);
    const used = await minutes.used(userId, monthKey(new Date()));
    expect(used).toBe(narrationMinutes(text.length));
    expect(await startNarration(deps, userId, ref, 'Sergio')).toMatchObject({ estado: 'lista' });
    expect(await minutes.used(userId, monthKey(new Date()))).toBe(used);
    await expect(getNarration(deps, eva, ref, 'Sergio')).rejects.toMatchObject({ status: 404 });
  }, 120_000);

  // Issue 40: Polly costs money, so its cost is held of the month's AI budget before Polly is called.
  it('refuses a lesson and a spoken answer in Spanish when the month\'s AI budget is spent: no minutes, no synthesis, the month unchanged', async () => {
    const deps = tableNarrationDeps(TABLE, process.env.MATERIALS_BUCKET as string);
    const { userId } = await learner('Rosa');
    const { courseId } = await generatedCourse(userId);
    const ref = { courseId, moduleId: moduleIdAt(0), lessonId: lessonIdAt(0) };
    const Key = { pk: `USER#${userId}`, sk: `USAGE#gastoIA#${monthKey(new Date())}` };
    const ceiling = PLANS.gratuito.presupuestoIAUsdPorMes * 1e6;
    await documentClient().send(new UpdateCommand({ TableName: TABLE, Key, UpdateExpression: 'SET microUsd = :c', ExpressionAttributeValues: { ':c': ceiling } }));
    const refused = { status: 429, message: budgetMessage(new Date()) };
    await expect(startNarration(deps, userId, ref, 'Lucia')).rejects.toMatchObject(refused);
    let spoken = 0;
    await expect(speakAnswer({ ...deps, speech: { synthesize: async () => (spoken++, new Uint8Array(1)) } }, userId, 'La fotosíntesis transforma la luz.', 'Lucia')).rejects.toMatchObject(refused);
    expect(spoken).toBe(0);
    expect(await dynamoNarrationMinutes(documentClient(), TABLE).used(userId, monthKey(new Date()))).toBe(0);
    const month = (await documentClient().send(new GetCommand({ TableName: TABLE, Key, ConsistentRead: true }))).Item!;
    expect(month.microUsd).toBe(ceiling);
    expect(Object.keys(month).filter((k) => k.startsWith('reserva#'))).toEqual([]);
    // With room again, the same lesson starts, and what it costs is all that stays on the month.
    await documentClient().send(new UpdateCommand({ TableName: TABLE, Key, UpdateExpression: 'SET microUsd = :z', ExpressionAttributeValues: { ':z': 0 } }));
    expect(await startNarration(deps, userId, ref, 'Lucia')).toMatchObject({ estado: 'generando' });
    const lesson = (await documentClient().send(new GetCommand({ TableName: TABLE, Key: lessonKey(userId, ref.courseId, ref.moduleId, ref.lessonId) }))).Item!;
    const after = (await documentClient().send(new GetCommand({ TableName: TABLE, Key, ConsistentRead: true }))).Item!;
    expect(after.microUsd).toBe(Math.ceil(narrationCostUsd(narrationText(lesson.contenido as string).length) * 1e6));
    expect(Object.keys(after).filter((k) => k.startsWith('reserva#'))).toEqual([]);
  }, 120_000);
});
