import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

// The narration's S3 calls, in a module of their own that audio-objects.ts and narration-deps.ts
// import on first use (issue 35, docs/architecture.md "Cold init"): S3's client, its presigner and
// the XML protocol (≈ 130 KB) are read when a call first hands out or keeps audio, not at every
// cold start (a status poll, a refused request, a start never need them).

let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ maxAttempts: 3 }));

/** A presigned GET of `Key`, valid `expiresIn` seconds. */
export const presignedGet = (Bucket: string, Key: string, expiresIn: number) => getSignedUrl(s3(), new GetObjectCommand({ Bucket, Key }), { expiresIn });

export const headObject = (Bucket: string, Key: string) => s3().send(new HeadObjectCommand({ Bucket, Key }));

export const putMp3 = (Bucket: string, Key: string, Body: Uint8Array) => s3().send(new PutObjectCommand({ Bucket, Key, Body, ContentType: 'audio/mpeg' }));
