import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { documentKey, objectKey } from './material-items';

// What account deletion (lambdas/users) needs of the materials bucket: delete the originals of named
// materials (each its upload and the job's copy of it, documentKey). Apart from material-files.ts so the users bundle carries S3's client and nothing of the
// presigned POST or GET.

let client: S3Client | undefined;

export const s3MaterialEraser = (Bucket: string) => ({
  async removeMany(userId: string, materialIds: string[]): Promise<void> {
    // DeleteObjects takes up to 1,000 keys; the plan's `maximo` (50, two keys each) keeps it to one call.
    const keys = materialIds.flatMap((id) => [objectKey(userId, id), documentKey(userId, id)]);
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await (client ??= new S3Client({ maxAttempts: 3 })).send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  },
});
