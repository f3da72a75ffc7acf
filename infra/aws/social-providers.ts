import { SecretValue } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config';
import type { SocialProviderContext } from './context';

export type SocialName = RuntimeConfig['socialProviders'][number];

/**
 * Google and Microsoft (OIDC) federation on the user pool, for the providers present in context.
 * Client secrets are Secrets Manager dynamic references: CloudFormation resolves them at deploy
 * time and the template never holds a value.
 */
export function addSocialProviders(scope: Construct, userPool: cognito.IUserPool, providers: SocialProviderContext) {
  const supported = [cognito.UserPoolClientIdentityProvider.COGNITO];
  const federated: Construct[] = [];
  const names: SocialName[] = [];
  const { google, microsoft } = providers;
  if (google) {
    federated.push(
      new cognito.UserPoolIdentityProviderGoogle(scope, 'Google', {
        userPool,
        clientId: google.clientId,
        clientSecretValue: SecretValue.secretsManager(google.secretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: cognito.ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          fullname: cognito.ProviderAttribute.GOOGLE_NAME,
        },
      }),
    );
    supported.push(cognito.UserPoolClientIdentityProvider.GOOGLE);
    names.push('Google');
  }
  if (microsoft) {
    federated.push(
      new cognito.UserPoolIdentityProviderOidc(scope, 'Microsoft', {
        userPool,
        name: 'Microsoft',
        clientId: microsoft.clientId,
        // The OIDC construct takes a string; this token renders as the dynamic reference.
        clientSecret: SecretValue.secretsManager(microsoft.secretName).unsafeUnwrap(),
        issuerUrl: `https://login.microsoftonline.com/${microsoft.tenantId}/v2.0`,
        scopes: ['openid', 'email', 'profile'],
        attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
        attributeMapping: {
          email: cognito.ProviderAttribute.other('email'),
          // Entra's `email` is not verified by itself; the optional claim xms_edov (email domain owner
          // verified) is. Only a verified email links to an existing learner (lambdas/auth/pre-sign-up.ts).
          emailVerified: cognito.ProviderAttribute.other('xms_edov'),
          fullname: cognito.ProviderAttribute.other('name'),
        },
      }),
    );
    supported.push(cognito.UserPoolClientIdentityProvider.custom('Microsoft'));
    names.push('Microsoft');
  }
  return { supported, federated, names };
}
