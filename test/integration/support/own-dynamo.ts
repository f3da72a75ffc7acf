import { startDynamo } from '../../../infra/local/dynamo';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';

/**
 * A DynamoDB Local of the test file's own for its whole run: the SDK's own variables point every
 * client the Lambdas make (`documentClient()`) at it, so a file that rewrites index partitions or
 * counts items never meets another file's data.
 */
export function useOwnDynamo() {
  let dynamo: Awaited<ReturnType<typeof startDynamo>> | undefined;
  beforeAll(async () => {
    dynamo = await startDynamo();
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    });
  }, 240_000);
  afterAll(() => dynamo?.close());
}
