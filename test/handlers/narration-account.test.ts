import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { conversationWith, lessonParams, NARRATION, readyNarration, TUTOR_VOICE } from './narration.cases';

// Narrated audio belongs to the account (issue 26): deleting the account erases every object under the
// learner's narration/<sub>/ (lessons' audio and marks, tutor answers read aloud) and nothing of anyone
// else's, nor the voices' shared samples; the export lists the narrations (not the audio).

jest.setTimeout(180_000);
const Bucket = process.env.MATERIALS_BUCKET!;
const s3 = new S3Client({ forcePathStyle: true });
const keysUnder = async (Prefix: string) => ((await s3.send(new ListObjectsV2Command({ Bucket, Prefix }))).Contents ?? []).map((o) => o.Key!);
const exists = (Key: string) => s3.send(new HeadObjectCommand({ Bucket, Key })).then(() => true, () => false);

it("erases the learner's narration/<sub>/ objects with the account, and only theirs", async () => {
  const { userId, email } = await learner('Rocío');
  const { courseId } = await generatedCourse(userId);
  expect((await invoke(NARRATION, { userId, params: lessonParams(courseId), body: {} })).status).toBe(202);
  expect((await readyNarration(userId, lessonParams(courseId))).body.data.estado).toBe('lista');
  const fecha = await conversationWith(userId, courseId, 'Una variable guarda un valor.');
  expect((await invoke(TUTOR_VOICE, { userId, params: { id: courseId }, body: { fecha } })).status).toBe(200);
  // More than one page of keys: the eraser follows ListObjectsV2's continuation.
  await Promise.all(Array.from({ length: 1005 }, (_, i) => s3.send(new PutObjectCommand({ Bucket, Key: `narration/${userId}/x/${String(i).padStart(4, '0')}.mp3`, Body: 'x' }))));
  const mine = await keysUnder(`narration/${userId}/`);
  expect(mine.filter((k) => k.includes('/tutor/'))).toHaveLength(1);
  expect(mine.filter((k) => k.endsWith('.marks'))).toHaveLength(1);

  const other = `narration/${randomUUID()}/c/m01/l01/v/Lucia/a.mp3`;
  await s3.send(new PutObjectCommand({ Bucket, Key: other, Body: 'otra persona' }));
  const sample = 'narration/samples/Lucia.mp3';
  await s3.send(new PutObjectCommand({ Bucket, Key: sample, Body: 'muestra' }));
  // The export lists the narration (lesson, voice, state), never a link to the audio.
  const exported = (await invoke('GET /users/me/export', { userId })).body.data.datos as Record<string, Record<string, unknown>[]>;
  expect(exported.narraciones).toEqual([expect.objectContaining({ estado: 'lista', prefix: expect.stringContaining(`narration/${userId}/${courseId}/`) as string })]);
  expect(JSON.stringify(exported.narraciones)).not.toContain('X-Amz-');

  expect((await invoke('DELETE /users/me', { userId, body: { confirmacion: email } })).status).toBe(200);
  expect(await keysUnder(`narration/${userId}/`)).toEqual([]);
  expect(await exists(other)).toBe(true);
  expect(await exists(sample)).toBe(true);
});
