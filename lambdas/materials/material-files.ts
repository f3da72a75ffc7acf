import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MaterialFileType } from '../contract';
import { documentKey, objectKey } from './material-items';

// The originals of uploaded materials, in the materials bucket (infra/aws/materials-bucket.ts: private,
// encrypted by the bucket's default SSE-S3, objects expire with the lifecycle rule). Nothing here fetches
// an address a learner typed: every key is built from the caller's sub and a material id the server minted.
// The endpoint comes from the SDK's own AWS_ENDPOINT_URL_S3 where one is set (the local stack's stand-in).

/** How long an upload form and a document link stay valid. */
export const PRESIGN_SECONDS = 300;

export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface MaterialFiles {
  /** A browser POST form for exactly this key, this Content-Type and 1..maxBytes bytes, valid PRESIGN_SECONDS. */
  uploadForm(userId: string, materialId: string, tipo: MaterialFileType, maxBytes: number): Promise<UploadForm>;
  /** A presigned GET of the bytes the passages came from (documentKey), shown inline. */
  documentUrl(userId: string, materialId: string, tipo: string): Promise<string>;
  /** The object's bytes and stored Content-Type, or undefined when there is none; refuses more than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<{ bytes: Uint8Array; contentType?: string; tooLarge?: number } | undefined>;
  /** The job keeps the bytes it processed under documentKey, where no upload form can write. */
  keep(userId: string, materialId: string, bytes: Uint8Array, tipo: string): Promise<void>;
  /** Deletes the upload (objectKey) only: a processed material keeps its document. */
  discardUpload(userId: string, materialId: string): Promise<void>;
  /** Deletes the upload and the document. */
  remove(userId: string, materialId: string): Promise<void>;
}

let client: S3Client | undefined;
const s3 = () => (client ??= new S3Client({ maxAttempts: 3 }));

export function s3MaterialFiles(Bucket: string, s3Client: () => S3Client = s3): MaterialFiles {
  return {
    async uploadForm(userId, materialId, tipo, maxBytes) {
      const Key = objectKey(userId, materialId);
      const { url, fields } = await createPresignedPost(s3Client(), {
        Bucket,
        Key,
        Expires: PRESIGN_SECONDS,
        Fields: { 'Content-Type': tipo },
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', tipo],
          ['eq', '$key', Key],
        ],
      });
      return { url, fields };
    },

    async documentUrl(userId, materialId, tipo) {
      // Materials processed before the copy existed (issue 31) have only their upload: served from there.
      const Key = (await exists(s3Client(), Bucket, documentKey(userId, materialId))) ? documentKey(userId, materialId) : objectKey(userId, materialId);
      return getSignedUrl(
        s3Client(),
        new GetObjectCommand({ Bucket, Key, ResponseContentDisposition: 'inline', ResponseContentType: tipo }),
        { expiresIn: PRESIGN_SECONDS },
      );
    },

    async read(Key, maxBytes) {
      try {
        const out = await s3Client().send(new GetObjectCommand({ Bucket, Key }));
        const size = out.ContentLength ?? 0;
        if (size > maxBytes) {
          // Not downloaded: the stream is dropped (a Node Readable in Lambda).
          (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
          return { bytes: new Uint8Array(), contentType: out.ContentType, tooLarge: size };
        }
        return { bytes: (await out.Body?.transformToByteArray()) ?? new Uint8Array(), contentType: out.ContentType };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async keep(userId, materialId, bytes, tipo) {
      await s3Client().send(new PutObjectCommand({ Bucket, Key: documentKey(userId, materialId), Body: bytes, ContentType: tipo }));
    },

    async discardUpload(userId, materialId) {
      await s3Client().send(new DeleteObjectCommand({ Bucket, Key: objectKey(userId, materialId) }));
    },

    async remove(userId, materialId) {
      await Promise.all([objectKey, documentKey].map((key) => s3Client().send(new DeleteObjectCommand({ Bucket, Key: key(userId, materialId) }))));
    },
  };
}

async function exists(client: S3Client, Bucket: string, Key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket, Key }));
    return true;
  } catch (error) {
    // Without s3:ListBucket (not granted) S3 answers a missing key's HEAD with 403, not 404.
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NotFound' || status === 404 || status === 403) return false;
    throw error;
  }
}
