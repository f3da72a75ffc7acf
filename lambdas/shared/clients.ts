import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

// One SDK client per service, created lazily at module scope so warm invocations reuse
// connections. Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables:
// nothing here knows whether it runs on AWS or on the local stack.

let dynamo: DynamoDBDocumentClient | undefined;
export const documentClient = () =>
  (dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }));

let cognito: CognitoIdentityProviderClient | undefined;
export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({}));
