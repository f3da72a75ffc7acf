import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
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

let cognito: CognitoIdentityProviderClient | undefined;
export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({}));
