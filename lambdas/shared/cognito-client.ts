import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

// One Cognito client per container, created on first use (the auth and users Lambdas). Apart from
// clients.ts: esbuild puts in a cold start every file a bundle's files import, used or not, when a
// lazily imported chunk also uses it, so the tutor's stream, which looks its app client up through
// Cognito on first use only (tutor/pool-client.ts), read the whole client at every cold start.

let cognito: CognitoIdentityProviderClient | undefined;
export const cognitoClient = () => (cognito ??= new CognitoIdentityProviderClient({}));
