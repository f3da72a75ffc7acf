import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DescribeVoicesCommand, GetSpeechSynthesisTaskCommand, StartSpeechSynthesisTaskCommand, SynthesizeSpeechCommand,
  type SynthesizeSpeechCommandInput,
} from '@aws-sdk/client-polly';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { mp3Info, oggInfo, parseMarks, pcmDurationMs } from '../../support/audio';
import { describeAudio, useLocalPolly } from '../../support/local-polly';

// The local Polly judged by AWS's own client: refusals by the names Polly gives them, then real
// audio (MP3 frames, Ogg pages, PCM length) whose duration grows with the text, and speech marks
// that cover every sentence in order, at the times its sound begins. A task writes into the S3 stand-in.

const BUCKET = 'mentora-local-audio';
// Without espeak-ng a developer gets a skip that says why; CI never skips (test/support/local-polly.ts).
const local = useLocalPolly(BUCKET);
const client = local.client;
const bytes = async (input: SynthesizeSpeechCommandInput) => {
  const out = await client().send(new SynthesizeSpeechCommand(input));
  return { out, body: await out.AudioStream!.transformToByteArray() };
};
const marksOf = async (Text: string, extra: Partial<SynthesizeSpeechCommandInput> = {}) =>
  parseMarks(Buffer.from((await bytes({ Text, VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'json', SpeechMarkTypes: ['sentence', 'word'], ...extra })).body).toString('utf8'));

const SHORT = 'Hola. La fotosíntesis convierte la luz en energía.';
const LONG = `${SHORT} Las plantas toman dióxido de carbono del aire y agua del suelo. ¿Por qué las hojas son verdes? Porque la clorofila refleja la luz verde. Al final del día, la planta guarda azúcares para crecer.`;

describe('refusals, as Polly names them, and nothing synthesized', () => {
  it('refuses another secret, an unknown voice, a voice without the engine, bad SSML, marks with audio, a bad rate, too much text', async () => {
    const ok: SynthesizeSpeechCommandInput = { Text: SHORT, VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'mp3' };
    const before = local.polly().counted();
    await expect(client({ accessKeyId: 'local', secretAccessKey: 'otra' }).send(new SynthesizeSpeechCommand(ok))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    await expect(client({ accessKeyId: 'AKIAOTRA', secretAccessKey: 'local' }).send(new SynthesizeSpeechCommand(ok))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    await expect(bytes({ ...ok, VoiceId: 'Nadie' as never })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(bytes({ ...ok, VoiceId: 'Joanna' })).rejects.toMatchObject({ name: 'ValidationException', message: expect.stringContaining('Spanish') as string });
    await expect(bytes({ ...ok, VoiceId: 'Conchita' })).rejects.toMatchObject({ name: 'EngineNotSupportedException' });
    await expect(bytes({ ...ok, LanguageCode: 'es-MX' })).rejects.toMatchObject({ name: 'LanguageNotSupportedException' });
    await expect(bytes({ ...ok, TextType: 'ssml', Text: '<speak>Hola <b>mundo</speak>' })).rejects.toMatchObject({ name: 'InvalidSsmlException' });
    await expect(bytes({ ...ok, TextType: 'ssml', Text: 'Hola' })).rejects.toMatchObject({ name: 'InvalidSsmlException' });
    await expect(bytes({ ...ok, SpeechMarkTypes: ['sentence'] })).rejects.toMatchObject({ name: 'MarksNotSupportedForFormatException' });
    await expect(bytes({ ...ok, OutputFormat: 'json', SpeechMarkTypes: ['ssml'] })).rejects.toMatchObject({ name: 'SsmlMarksNotSupportedForTextTypeException' });
    await expect(bytes({ ...ok, OutputFormat: 'pcm', SampleRate: '24000' })).rejects.toMatchObject({ name: 'InvalidSampleRateException' });
    await expect(bytes({ ...ok, Text: 'a'.repeat(3001) })).rejects.toMatchObject({ name: 'TextLengthExceededException' });
    expect(local.polly().counted()).toEqual(before);
  });

  it('refuses a task without a bucket, into a bucket that does not exist, or for an unknown task', async () => {
    const task = { Text: SHORT, VoiceId: 'Sergio' as const, Engine: 'neural' as const, OutputFormat: 'mp3' as const };
    await expect(client().send(new StartSpeechSynthesisTaskCommand({ ...task, OutputS3BucketName: 'otro-cubo' }))).rejects.toMatchObject({ name: 'InvalidS3BucketException' });
    await expect(client().send(new StartSpeechSynthesisTaskCommand({ ...task, OutputS3BucketName: BUCKET, OutputS3KeyPrefix: 'mal prefijo/' }))).rejects.toMatchObject({ name: 'InvalidS3KeyException' });
    await expect(client().send(new GetSpeechSynthesisTaskCommand({ TaskId: '00000000-0000-4000-8000-000000000000' }))).rejects.toMatchObject({ name: 'SynthesisTaskNotFoundException' });
    expect(local.s3().keys()).toEqual([]);
  });
});

describeAudio('real Spanish speech (espeak-ng)', () => {
  it('answers MP3 frames whose duration grows with the text, and bills the characters', async () => {
    const short = await bytes({ Text: SHORT, VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'mp3' });
    const long = await bytes({ Text: LONG, VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'mp3' });
    expect(short.out).toMatchObject({ ContentType: 'audio/mpeg', RequestCharacters: SHORT.length });
    const a = mp3Info(short.body);
    const b = mp3Info(long.body);
    expect(a.sampleRate).toBe(24000); // Polly's neural default
    expect(a.durationMs).toBeGreaterThan(1500);
    expect(b.durationMs).toBeGreaterThan(a.durationMs * 2.5);
  });

  it('answers Ogg Vorbis and headerless PCM at the rate asked, each voice its own sound', async () => {
    const ogg = await bytes({ Text: SHORT, VoiceId: 'Mia', Engine: 'neural', OutputFormat: 'ogg_vorbis', SampleRate: '16000' });
    expect(ogg.out.ContentType).toBe('audio/ogg');
    expect(oggInfo(ogg.body)).toMatchObject({ format: 'ogg_vorbis', sampleRate: 16000 });
    expect(oggInfo(ogg.body).durationMs).toBeGreaterThan(1500);
    const female = await bytes({ Text: SHORT, VoiceId: 'Lupe', Engine: 'neural', OutputFormat: 'pcm' });
    const male = await bytes({ Text: SHORT, VoiceId: 'Pedro', Engine: 'neural', OutputFormat: 'pcm' });
    expect(female.out.ContentType).toBe('audio/pcm');
    expect(pcmDurationMs(female.body, 16000)).toBeGreaterThan(1500);
    expect(Buffer.from(female.body).equals(Buffer.from(male.body))).toBe(false);
  });

  it('gives speech marks for every sentence in order, in bytes of the input, at the times the sound begins', async () => {
    const marks = await marksOf(LONG);
    const sentences = marks.filter((m) => m.type === 'sentence');
    expect(sentences.map((m) => m.value)).toEqual([
      'Hola.', 'La fotosíntesis convierte la luz en energía.', 'Las plantas toman dióxido de carbono del aire y agua del suelo.',
      '¿Por qué las hojas son verdes?', 'Porque la clorofila refleja la luz verde.', 'Al final del día, la planta guarda azúcares para crecer.',
    ]);
    const utf8 = Buffer.from(LONG, 'utf8');
    for (const m of marks) expect(utf8.subarray(m.start, m.end).toString('utf8')).toBe(m.value);
    const times = sentences.map((m) => m.time);
    expect(times[0]).toBe(0);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    // Each sentence's words lie between its time and the next sentence's.
    sentences.forEach((s, i) => {
      const words = marks.filter((m) => m.type === 'word' && m.start >= s.start && m.end <= s.end);
      expect(words.length).toBeGreaterThan(0);
      for (const w of words) expect(w.time).toBeGreaterThanOrEqual(s.time);
      if (i + 1 < sentences.length) for (const w of words) expect(w.time).toBeLessThan(sentences[i + 1].time);
    });
    // The marks end where the audio does: the last sentence starts before the end of the sound.
    const audio = mp3Info((await bytes({ Text: LONG, VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'mp3' })).body);
    expect(times[times.length - 1]).toBeLessThan(audio.durationMs);
    expect(times[times.length - 1]).toBeGreaterThan(audio.durationMs / 2);
  });

  it('reads SSML: tags are not billed nor read, a break is silence, offsets point into the SSML', async () => {
    const ssml = '<speak><p>Primera idea.</p><break time="1s"/><p>Segunda &amp; última.</p></speak>';
    const marks = await marksOf(ssml, { TextType: 'ssml', SpeechMarkTypes: ['sentence'] });
    expect(marks.map((m) => m.value)).toEqual(['Primera idea.', 'Segunda & última.']);
    expect(Buffer.from(ssml).subarray(marks[0].start, marks[0].end).toString()).toBe('Primera idea.');
    const plain = await marksOf('Primera idea. Segunda y última.', { SpeechMarkTypes: ['sentence'] });
    expect(marks[1].time - plain[1].time).toBeGreaterThan(800);
    const { out } = await bytes({ Text: ssml, TextType: 'ssml', VoiceId: 'Lucia', Engine: 'neural', OutputFormat: 'mp3' });
    expect(out.RequestCharacters).toBe('Primera idea.Segunda & última.'.length);
  });

  it('runs a task into S3 as Polly names it (prefix + task id + extension), audio and marks alike', async () => {
    const c = client();
    const base = { Text: LONG, VoiceId: 'Andres' as const, Engine: 'neural' as const, OutputS3BucketName: BUCKET, OutputS3KeyPrefix: 'narration/leccion-1/v1/Andres/' };
    const audio = (await c.send(new StartSpeechSynthesisTaskCommand({ ...base, OutputFormat: 'mp3' }))).SynthesisTask!;
    const marks = (await c.send(new StartSpeechSynthesisTaskCommand({ ...base, OutputFormat: 'json', SpeechMarkTypes: ['sentence'] }))).SynthesisTask!;
    expect(audio).toMatchObject({ TaskStatus: 'scheduled', RequestCharacters: LONG.length, VoiceId: 'Andres' });
    await local.polly().idle();
    const done = (await c.send(new GetSpeechSynthesisTaskCommand({ TaskId: audio.TaskId }))).SynthesisTask!;
    expect(done).toMatchObject({ TaskStatus: 'completed', OutputUri: expect.stringMatching(new RegExp(`/${BUCKET}/narration/leccion-1/v1/Andres/${audio.TaskId}\\.mp3$`)) as string });
    expect(local.s3().keys().sort()).toEqual([`narration/leccion-1/v1/Andres/${audio.TaskId}.mp3`, `narration/leccion-1/v1/Andres/${marks.TaskId}.marks`].sort());
    const s3c = new S3Client({ region: LOCAL_REGION, endpoint: local.s3().url, credentials: localCredentials, forcePathStyle: true });
    const object = await s3c.send(new GetObjectCommand({ Bucket: BUCKET, Key: `narration/leccion-1/v1/Andres/${audio.TaskId}.mp3` }));
    expect(object.ContentType).toBe('audio/mpeg');
    expect(mp3Info(await object.Body!.transformToByteArray()).durationMs).toBeGreaterThan(5000);
    const stored = parseMarks(await (await s3c.send(new GetObjectCommand({ Bucket: BUCKET, Key: `narration/leccion-1/v1/Andres/${marks.TaskId}.marks` }))).Body!.transformToString());
    expect(stored.map((m) => m.type)).toEqual(Array(6).fill('sentence'));
    s3c.destroy();
  });

  it('lists the Spanish neural voices', async () => {
    const { Voices } = await client().send(new DescribeVoicesCommand({ Engine: 'neural' }));
    expect(Voices?.map((v) => v.Id)).toEqual(['Lucia', 'Sergio', 'Mia', 'Andres', 'Lupe', 'Pedro']);
  });
});
