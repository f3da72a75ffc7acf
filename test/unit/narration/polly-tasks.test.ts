import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { narrationText } from '../../../lambdas/narration';
import { outputKey, pollySpeechTasks } from '../../../lambdas/narration/polly-tasks';
import { mp3Info, parseMarks } from '../../support/audio';
import { describeAudio, useLocalPolly } from '../../support/local-polly';

// The narration's Polly port against the local Polly and S3: a lesson's audio and sentence marks land
// under the job's prefix, the audio is real MP3 and the marks cover every sentence of the text read.

const BUCKET = 'mentora-local-audio';

it('reads the object key from a task OutputUri, on AWS and locally', () => {
  expect(outputKey('https://s3.us-east-1.amazonaws.com/audio-bucket/narration/ana/c1/l1/v/Lucia/abc.mp3', 'audio-bucket')).toBe('narration/ana/c1/l1/v/Lucia/abc.mp3');
  expect(outputKey('http://127.0.0.1:4000/audio-bucket/narration/a%20b/x.marks', 'audio-bucket')).toBe('narration/a b/x.marks');
  expect(outputKey('https://s3.us-east-1.amazonaws.com/otro/x.mp3', 'audio-bucket')).toBeUndefined();
});

describeAudio('against the local Polly and S3', () => {
  const local = useLocalPolly(BUCKET);

  it('starts the audio and the marks under the prefix and reports their keys when done', async () => {
    const tasks = pollySpeechTasks(BUCKET, () => local.client());
    const text = narrationText('# Agua\nEl agua hierve a cien grados.\n\n```python\nprint(1)\n```\n- Se congela a cero grados');
    const { audioTask, marksTask } = await tasks.start({ text, voice: 'Lupe', prefix: 'narration/ana/c1/l1/v1/Lupe/' });
    expect(await tasks.status(audioTask)).toMatchObject({ estado: expect.stringMatching(/generando|lista/) as string });
    await local.polly().idle();
    const audio = await tasks.status(audioTask);
    const marks = await tasks.status(marksTask);
    expect(audio).toEqual({ estado: 'lista', key: `narration/ana/c1/l1/v1/Lupe/${audioTask}.mp3` });
    expect(marks).toEqual({ estado: 'lista', key: `narration/ana/c1/l1/v1/Lupe/${marksTask}.marks` });
    const c = new S3Client({ region: LOCAL_REGION, endpoint: local.s3().url, credentials: localCredentials, forcePathStyle: true });
    const mp3 = await (await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: audio.key }))).Body!.transformToByteArray();
    expect(mp3Info(mp3).durationMs).toBeGreaterThan(2000);
    const stored = parseMarks(await (await c.send(new GetObjectCommand({ Bucket: BUCKET, Key: marks.key }))).Body!.transformToString());
    expect(stored.map((m) => m.value)).toEqual(['Agua.', 'El agua hierve a cien grados.', 'Aquí hay un bloque de código en Python.', 'Se congela a cero grados.']);
    c.destroy();
  });
});
