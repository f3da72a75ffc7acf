import type { S3Event } from 'aws-lambda';
import { MATERIALS_PROCESSOR_LIMITS } from '../function-limits';
import { startLocalS3 } from './s3';
import { asLambda } from './stepfunctions-pipeline';

// The materials bucket on loopback (infra/aws/materials-bucket.ts on AWS): the S3 stand-in, the SPA's
// origin allowed by CORS, and each upload's ObjectCreated:Post event handed to the processor Lambda
// in this process, asynchronously and under its timeout, as S3's notification invokes it on AWS.

export const LOCAL_MATERIALS_BUCKET = 'mentora-local-materials';

export async function startMaterialsS3(opts: { dir?: string; siteUrl: string }) {
  const site = new URL(opts.siteUrl);
  // The SPA may be opened as localhost or 127.0.0.1 on the gateway's port.
  const origins = [site.origin, `${site.protocol}//127.0.0.1:${site.port}`, `${site.protocol}//localhost:${site.port}`];
  let processor: Promise<{ handler: (event: S3Event, context: { getRemainingTimeInMillis(): number }) => Promise<void> }> | undefined;
  const invoke = (event: S3Event) =>
    asLambda('MaterialsProcessor', MATERIALS_PROCESSOR_LIMITS.timeoutSeconds, async (context) => {
      // Loaded on the first upload, once the stack has put the endpoints in process.env.
      const { handler } = await (processor ??= import('../../lambdas/materials/process-upload'));
      await handler(event, context);
    })().catch((error: unknown) => console.error('materials processor failed', error));
  const s3 = await startLocalS3({ bucket: LOCAL_MATERIALS_BUCKET, dir: opts.dir, origins, onObjectCreated: (event) => void invoke(event) });
  return {
    ...s3,
    /** What the CDK stack gives the materials Lambdas, pointed at loopback. */
    env: {
      AWS_ENDPOINT_URL_S3: s3.url,
      MATERIALS_BUCKET: LOCAL_MATERIALS_BUCKET,
      PROCESS_LEASE_SECONDS: String(MATERIALS_PROCESSOR_LIMITS.timeoutSeconds),
    },
  };
}
