import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AUDIO_CACHE_CONTROL, LINK_SECONDS, signingDateOf } from './link-window';

// The narration's S3 calls, in a module of their own that audio-objects.ts and narration-deps.ts
// import on first use (issue 35, docs/architecture.md "Cold init"): S3's client, its presigner and
// the XML protocol (≈ 130 KB) are read when a call first hands out or keeps audio, not at every
// cold start (a status poll, a refused request, a start never need them).

let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ maxAttempts: 3 }));

/**
 * The AWS SDK's presigned GET of `Key`, the same URL for every call in `now`'s UTC day (link-window.ts):
 * signed at the day's start, valid LINK_SECONDS, with S3 answering AUDIO_CACHE_CONTROL so the browser
 * keeps the audio. On AWS the URL also carries the Lambda's session credentials, so another instance of
 * the function (other credentials) signs another URL: stable per warm instance and day.
 */
export const presignedGet = (Bucket: string, Key: string, now: Date) =>
  getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key, ResponseCacheControl: AUDIO_CACHE_CONTROL }), { expiresIn: LINK_SECONDS, signingDate: signingDateOf(now) });

export const headObject = (Bucket: string, Key: string) => s3().send(new HeadObjectCommand({ Bucket, Key }));

export const putMp3 = (Bucket: string, Key: string, Body: Uint8Array) => s3().send(new PutObjectCommand({ Bucket, Key, Body, ContentType: 'audio/mpeg' }));
