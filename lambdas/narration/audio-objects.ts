import { clock } from '../shared/clock';

// Audio kept as one object each under narration/ of the private bucket: a tutor answer read aloud and
// a voice's sample. Made once, then only linked: a second play asks S3 (HeadObject) and synthesizes
// nothing. The bucket's lifecycle rule expires narration/ after NARRATION_KEEP_DAYS like lessons' audio.

export interface AudioObjects {
  exists(key: string): Promise<boolean>;
  put(key: string, mp3: Uint8Array): Promise<void>;
  /** A presigned GET, the same all day (link-window.ts). */
  link(key: string): Promise<string>;
}

// S3 is loaded on the first call (s3-audio.ts), not at cold start.
const s3 = () => import('./s3-audio');

export const s3AudioObjects = (Bucket: string, now: () => Date = clock.now): AudioObjects => ({
  async exists(Key) {
    try {
      await (await s3()).headObject(Bucket, Key);
      return true;
    } catch (error) {
      // Without s3:ListBucket S3 answers a missing key 403, not 404 (the role lists nothing): absent either way. A
      // real lack of permission does not hide here: the PutObject that follows fails with it.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403 || (error as Error).name === 'NotFound') return false;
      throw error;
    }
  },
  async put(Key, mp3) {
    await (await s3()).putMp3(Bucket, Key, mp3);
  },
  link: async (Key) => (await s3()).presignedGet(Bucket, Key, now()),
});
