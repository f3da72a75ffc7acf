import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { objectKey } from './material-items';

// What account deletion (lambdas/users) needs of the materials bucket: delete the originals of named
// materials. Apart from material-files.ts so the users bundle carries S3's client and nothing of the
// presigned POST or GET.

let client: S3Client | undefined;

export const s3MaterialEraser = (Bucket: string) => ({
  async removeMany(userId: string, materialIds: string[]): Promise<void> {
    // DeleteObjects takes up to 1,000 keys; the plan's `maximo` (50) keeps it to one call.
    for (let i = 0; i < materialIds.length; i += 1000) {
      const Objects = materialIds.slice(i, i + 1000).map((id) => ({ Key: objectKey(userId, id) }));
      await (client ??= new S3Client({ maxAttempts: 3 })).send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    }
  },
});
