import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LINK_SECONDS } from './narration-deps';

// Audio kept as one object each under narration/ of the private bucket: a tutor answer read aloud and
// a voice's sample. Made once, then only linked: a second play asks S3 (HeadObject) and synthesizes
// nothing. The bucket's lifecycle rule expires narration/ after NARRATION_KEEP_DAYS like lessons' audio.

export interface AudioObjects {
  exists(key: string): Promise<boolean>;
  put(key: string, mp3: Uint8Array): Promise<void>;
  /** A presigned GET, valid LINK_SECONDS. */
  link(key: string): Promise<string>;
}

let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ maxAttempts: 3 }));

export const s3AudioObjects = (Bucket: string): AudioObjects => ({
  async exists(Key) {
    try {
      await s3().send(new HeadObjectCommand({ Bucket, Key }));
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
    await s3().send(new PutObjectCommand({ Bucket, Key, Body: mp3, ContentType: 'audio/mpeg' }));
  },
  link: (Key) => getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key }), { expiresIn: LINK_SECONDS }),
});
