import { logger } from '../shared/logger';
import { pollyClient, pollySdk, type PollyFactory } from './polly-client';
import type { SpeechTasks } from './use-cases';

// The SpeechTasks port on Amazon Polly (the local stack's Polly answers the same calls): a lesson is
// two asynchronous tasks into the audio bucket, the MP3 and its sentence marks, both under the job's
// prefix; Polly names each output <prefix><TaskId>.mp3 / .marks, and GetSpeechSynthesisTask reports it.
// Neural engine, always: the six voices of the profile are Polly's neural Spanish voices.

/** The object key inside `bucket` of a task's OutputUri (path style: https://s3.<region>.amazonaws.com/<bucket>/<key>). */
export function outputKey(outputUri: string, bucket: string): string | undefined {
  const path = new URL(outputUri).pathname;
  const at = path.indexOf(`/${bucket}/`);
  return at < 0 ? undefined : path.slice(at + bucket.length + 2).split('/').map(decodeURIComponent).join('/');
}

export function pollySpeechTasks(bucket: string, polly: PollyFactory = pollyClient): SpeechTasks {
  return {
    async start({ text, voice, prefix }) {
      const [{ StartSpeechSynthesisTaskCommand }, client] = await Promise.all([pollySdk(), polly()]);
      const common = { Engine: 'neural' as const, VoiceId: voice as never, Text: text, TextType: 'text' as const, OutputS3BucketName: bucket, OutputS3KeyPrefix: prefix };
      const [audio, marks] = await Promise.all([
        client.send(new StartSpeechSynthesisTaskCommand({ ...common, OutputFormat: 'mp3' })),
        client.send(new StartSpeechSynthesisTaskCommand({ ...common, OutputFormat: 'json', SpeechMarkTypes: ['sentence'] })),
      ]);
      return { audioTask: audio.SynthesisTask!.TaskId!, marksTask: marks.SynthesisTask!.TaskId! };
    },
    async status(taskId) {
      const [{ GetSpeechSynthesisTaskCommand }, client] = await Promise.all([pollySdk(), polly()]);
      const { SynthesisTask: task } = await client.send(new GetSpeechSynthesisTaskCommand({ TaskId: taskId }));
      if (task?.TaskStatus === 'completed' && task.OutputUri) return { estado: 'lista', key: outputKey(task.OutputUri, bucket) };
      if (task?.TaskStatus !== 'failed') return { estado: 'generando' };
      // The learner reads "error" and may ask again; the reason is the operator's.
      logger.warn('Polly synthesis task failed', { taskId, reason: task.TaskStatusReason });
      return { estado: 'error' };
    },
  };
}
