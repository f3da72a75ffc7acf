import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION, localCredentials } from './local-aws';
import { missingAudioTools, AUDIO_TOOLS_HINT } from './polly-audio';
import { checkRequest, PollyError, synthesize, TEXT_LIMITS, type SynthesisRequest } from './polly-synth';

// Polly's asynchronous synthesis on loopback: StartSpeechSynthesisTask checks the request and the
// bucket at once, then the task runs in the background (one at a time: espeak-ng is all CPU) and
// writes its output into the bucket as Polly does, at <OutputS3KeyPrefix><TaskId>.<mp3|ogg|pcm|marks>;
// GetSpeechSynthesisTask reports scheduled, inProgress, completed (with OutputUri) or failed (with a reason).

export interface TaskRequest extends SynthesisRequest {
  OutputS3BucketName?: string;
  OutputS3KeyPrefix?: string;
  SnsTopicArn?: string;
}

export interface SynthesisTask {
  TaskId: string;
  TaskStatus: 'scheduled' | 'inProgress' | 'completed' | 'failed';
  TaskStatusReason?: string;
  OutputUri?: string;
  CreationTime: number;
  RequestCharacters: number;
  OutputFormat: string;
  SampleRate?: string;
  SpeechMarkTypes?: string[];
  TextType: string;
  VoiceId: string;
  Engine?: string;
  LanguageCode?: string;
}

const EXTENSIONS: Record<string, string> = { mp3: 'mp3', ogg_vorbis: 'ogg', pcm: 'pcm', json: 'marks' };
/** Polly's pattern for OutputS3KeyPrefix. */
const KEY_PREFIX = /^[0-9a-zA-Z/!\-_.*'():;$@=+,?&]{0,800}$/;

export function synthesisTasks(opts: { s3Url: string; now: () => Date; onSynthesis: (characters: number) => void }) {
  // The SDK's own retries: a kept-alive socket the local S3 closed while idle answers ECONNRESET once
  // (CI saw it as a refused bucket), and a retry on a fresh socket is what any AWS caller does.
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint: opts.s3Url, credentials: localCredentials, forcePathStyle: true });
  const tasks = new Map<string, SynthesisTask>();
  let queue: Promise<void> = Promise.resolve();

  async function start(r: TaskRequest): Promise<SynthesisTask> {
    const checked = checkRequest(r, TEXT_LIMITS.task);
    const bucket = r.OutputS3BucketName;
    if (!bucket) throw new PollyError('ValidationException', "1 validation error detected: Value null at 'outputS3BucketName' failed to satisfy constraint: Member must not be null");
    const prefix = r.OutputS3KeyPrefix ?? '';
    if (!KEY_PREFIX.test(prefix)) throw new PollyError('InvalidS3KeyException', 'The provided Amazon S3 key prefix is invalid. Please provide a valid S3 object key name.');
    if (r.SnsTopicArn) throw new PollyError('InvalidSnsTopicArnException', 'The local Polly sends no SNS notifications: poll GetSpeechSynthesisTask.');
    await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 })).catch((error: Error & { $metadata?: { httpStatusCode?: number } }) => {
      // Only a bucket that is not there (or not ours) is the caller's fault; anything else is Polly's
      // failure, a 500 the caller's SDK retries, as it would retry the real service.
      const status = error.$metadata?.httpStatusCode;
      if (status === 404 || status === 403 || error.name === 'NoSuchBucket') {
        throw new PollyError('InvalidS3BucketException', `The provided Amazon S3 bucket name is invalid. Please check your input with S3 bucket naming requirements and try again. (${error.name})`);
      }
      throw new PollyError('ServiceFailureException', `The local Polly could not reach its S3 (${error.name}: ${error.message})`, 500);
    });
    const TaskId = randomUUID();
    const key = `${prefix}${TaskId}.${EXTENSIONS[checked.format]}`;
    const task: SynthesisTask = {
      TaskId, TaskStatus: 'scheduled', CreationTime: opts.now().getTime() / 1000, RequestCharacters: checked.read.billed,
      OutputFormat: checked.format, SampleRate: r.SampleRate, SpeechMarkTypes: r.SpeechMarkTypes, TextType: r.TextType ?? 'text',
      VoiceId: checked.voice.id, Engine: r.Engine, LanguageCode: r.LanguageCode,
      OutputUri: `${opts.s3Url}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    };
    tasks.set(TaskId, task);
    const work = async () => {
      task.TaskStatus = 'inProgress';
      try {
        if (missingAudioTools().length) throw new Error(`the local Polly needs ${missingAudioTools().join(', ')}: ${AUDIO_TOOLS_HINT}`);
        const out = await synthesize(checked, true);
        opts.onSynthesis(out.billed);
        await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: out.body, ContentType: out.contentType }));
        task.TaskStatus = 'completed';
      } catch (error) {
        task.TaskStatus = 'failed';
        task.TaskStatusReason = String((error as Error).message);
        // Said where a developer (and a failing test's log) sees it: the SDK's caller only learns "failed".
        process.stderr.write(`local Polly: synthesis task ${TaskId} failed: ${task.TaskStatusReason}\n`);
        delete task.OutputUri;
      }
    };
    queue = queue.then(work);
    return { ...task };
  }

  function get(taskId: string): SynthesisTask {
    if (!/^[a-zA-Z0-9_-]{1,128}$/.test(taskId)) throw new PollyError('InvalidTaskIdException', 'The provided Task ID is not valid.');
    const task = tasks.get(taskId);
    if (!task) throw new PollyError('SynthesisTaskNotFoundException', `The Speech Synthesis task with requested Task ID: ${taskId} not found.`);
    return { ...task };
  }

  return { start, get, idle: () => queue, close: () => s3.destroy() };
}
