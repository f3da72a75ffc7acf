import { dynamoCourseStore } from '../../lambdas/course-model/course-store';
import { tableQuotas, tutorQuotaPort } from '../../lambdas/plans/adapters';
import { structuredModel } from '../../lambdas/shared/ai/bedrock-client';
import { bedrockStreamingModel, converseStreamTransport } from '../../lambdas/shared/ai/converse-stream';
import { modelIdsFromEnv } from '../../lambdas/shared/ai/models';
import { documentClient } from '../../lambdas/shared/clients';
import type { TutorStreamDeps } from '../../lambdas/tutor/stream-chat';
import { dynamoTutorStore } from '../../lambdas/tutor/tutor-store';

/** The streamed tutor's dependencies as its Lambda builds them, over the environment a pipeline harness set (the benches' tutor). */
export function localTutorDeps(table = process.env.TABLE_NAME!): TutorStreamDeps {
  return {
    courses: dynamoCourseStore(documentClient(), table),
    tutor: dynamoTutorStore(documentClient(), table),
    model: structuredModel(),
    stream: bedrockStreamingModel(converseStreamTransport(), modelIdsFromEnv()),
    quota: tutorQuotaPort(tableQuotas(table)),
  };
}
