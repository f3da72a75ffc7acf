import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tracer } from './observability';

// One SDK client per service, created lazily at module scope so warm invocations reuse
// connections. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables:
// nothing here knows whether it runs on AWS or on the local stack.

let dynamo: DynamoDBDocumentClient | undefined;
export const documentClient = () =>
  // Each DynamoDB call is an X-Ray subsegment (a no-op where tracing is off, e.g. the local stack).
  (dynamo ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  }));

let plainDynamo: DynamoDBClient | undefined;
/** The plain client, for a library that marshals its own items (Powertools Idempotency). */
export const dynamoClient = () => (plainDynamo ??= tracer.captureAWSv3Client(new DynamoDBClient({})));

// Cognito's client is in cognito-client.ts: an import of it here put the whole client (≈ 33 KB) in the
// cold start of every bundle that also imports it lazily (the tutor's stream), used or not.
