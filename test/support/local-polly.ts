import { PollyClient } from '@aws-sdk/client-polly';
import { LOCAL_REGION, localCredentials } from '../../infra/local/local-aws';
import { missingAudioTools } from '../../infra/local/polly-audio';
import { startLocalPolly, type LocalPolly } from '../../infra/local/polly';
import { startLocalS3 } from '../../infra/local/s3';
import { inCI } from './e2e-browser';

// The local Polly (and an S3 stand-in for its tasks) for tests of Polly's callers, started once per file
// or describe block. Like the browser tests: without espeak-ng a developer gets a skip that says why;
// CI never skips.

const missing = missingAudioTools();
export const describeAudio = missing.length && !inCI() ? describe.skip : describe;
if (missing.length && !inCI()) console.warn(`Polly tests skipped: ${missing.join(', ')} missing (apt-get install -y espeak-ng lame vorbis-tools)`);

/** Starts the local Polly in beforeAll (its tasks writing into a fresh S3 stand-in serving `bucket`) and stops both in afterAll. */
export function useLocalPolly(bucket = 'mentora-local-audio') {
  const started: { polly?: LocalPolly; s3?: Awaited<ReturnType<typeof startLocalS3>> } = {};
  beforeAll(async () => {
    started.s3 = await startLocalS3({ bucket });
    started.polly = await startLocalPolly({ s3Url: started.s3.url });
  });
  afterAll(async () => {
    await started.polly?.close();
    await started.s3?.close();
  });
  return {
    bucket,
    polly: () => started.polly!,
    s3: () => started.s3!,
    /** AWS's Polly client pointed at the stand-in, signing with the local credentials unless others are given. */
    client: (credentials = localCredentials) => new PollyClient({ region: LOCAL_REGION, endpoint: started.polly!.url, credentials, maxAttempts: 1 }),
  };
}
