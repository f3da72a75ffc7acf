import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../../lambdas/contract';
import { LOCAL_REGION, localCredentials } from './local-aws';

const POOL_NAME = 'mentora-local';
const CLIENT_NAME = 'mentora-web';

/**
 * Creates the user pool and the web app client once, through the Cognito API itself, and finds
 * them again on later starts. The client's callback URLs follow the current origin.
 */
export async function ensureUserPool(endpoint: string, origin: string) {
  const cognito = new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let poolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!poolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: false,
          },
        },
      }),
    );
    poolId = created.UserPool!.Id!;
  }
  const clientSettings = {
    ClientName: CLIENT_NAME,
    // CUSTOM_AUTH: an LTI launch's one-time sign-in (lambdas/auth/one-time-sign-in.ts), as on AWS.
    ExplicitAuthFlows: ['ALLOW_USER_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: ['openid', 'email', 'profile'],
    CallbackURLs: [`${origin}/`],
    LogoutURLs: [`${origin}/`, `${origin}/login`],
    SupportedIdentityProviders: ['COGNITO'],
  } as const;
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (clientId) {
    await cognito.send(new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId, ...clientSettings } as never));
  } else {
    const created = await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: poolId, ...clientSettings } as never));
    clientId = created.UserPoolClient!.ClientId!;
  }
  cognito.destroy();
  return { userPoolId: poolId, clientId };
}
