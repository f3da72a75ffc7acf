import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// What account deletion (lambdas/users) needs of the narration: every object under the learner's
// narration/<sub>/ prefix (lessons' audio and marks, tutor answers read aloud) erased. Apart from
// narration-deps.ts so the users bundle carries S3's list and delete and nothing of Polly.

let client: S3Client | undefined;

/** The learner's own prefix; a sub that could reach outside it (empty, or with a slash) is refused. */
export const learnerNarrationPrefix = (userId: string) => {
  if (!/^[A-Za-z0-9-]+$/.test(userId)) throw new Error('Not a learner id: refusing to erase outside narration/<sub>/');
  return `narration/${userId}/`;
};

export const s3NarrationEraser = (Bucket: string) => ({
  /** Lists the prefix page by page (1,000 keys each) and deletes each page in one DeleteObjects. */
  async removeAll(userId: string): Promise<number> {
    const s3 = (client ??= new S3Client({ maxAttempts: 3 }));
    const Prefix = learnerNarrationPrefix(userId);
    let removed = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      const Objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (Objects.length) await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      removed += Objects.length;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return removed;
  },
});
