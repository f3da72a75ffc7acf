import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import { MATERIALS_PROCESSOR_LIMITS } from '../function-limits';
import { lambdaSandboxes } from './lambda-sandbox';
import { startLocalS3 } from './s3';

// The materials bucket on loopback (infra/aws/materials-bucket.ts on AWS): the S3 stand-in, the SPA's
// origin allowed by CORS, and each upload's ObjectCreated:Post event handed to the processor Lambda
// asynchronously, as S3's notification invokes it on AWS. The processor runs out of this process, in
// a child process bounded by its function's memory and timeout (lambda-sandbox.ts): one hostile
// document can never stall the gateway or the other learners' requests (issue 31).

export const LOCAL_MATERIALS_BUCKET = 'mentora-local-materials';

export async function startMaterialsS3(opts: { dir?: string; siteUrl: string }) {
  const site = new URL(opts.siteUrl);
  // The SPA may be opened as localhost or 127.0.0.1 on the gateway's port.
  const origins = [site.origin, `${site.protocol}//127.0.0.1:${site.port}`, `${site.protocol}//localhost:${site.port}`];
  const processor = lambdaSandboxes({
    functionName: 'mentora-local-MaterialsProcessor',
    modulePath: join(__dirname, '..', '..', 'lambdas', 'materials', 'process-upload.ts'),
    exportName: 'handler',
    timeoutSeconds: MATERIALS_PROCESSOR_LIMITS.timeoutSeconds,
    memoryMb: MATERIALS_PROCESSOR_LIMITS.memoryMb,
  });
  const invoke = (event: S3Event) => processor.invoke(event).catch((error: unknown) => console.error('materials processor failed', error));
  const s3 = await startLocalS3({ bucket: LOCAL_MATERIALS_BUCKET, dir: opts.dir, origins, onObjectCreated: (event) => void invoke(event) });
  return {
    ...s3,
    close: async () => {
      await processor.close();
      await s3.close();
    },
    /** What the CDK stack gives the materials Lambdas, pointed at loopback. */
    env: {
      AWS_ENDPOINT_URL_S3: s3.url,
      MATERIALS_BUCKET: LOCAL_MATERIALS_BUCKET,
      PROCESS_LEASE_SECONDS: String(MATERIALS_PROCESSOR_LIMITS.timeoutSeconds),
    },
  };
}
