import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { PASSWORD_POLICY } from '../../lambdas/contract/common';
import { FULL_CONTEXT, resourcesOfType, synthMentora } from './synth-mentora';
import { templatesOf } from './synth-cache';

describe('Cognito with every provider and a custom domain in context', () => {
  let synth: ReturnType<typeof templatesOf>;
  beforeAll(() => {
    synth = templatesOf(FULL_CONTEXT);
  });

  it('signs learners in by email with the product password policy', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: Match.objectLike({
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
        }),
      }),
    });
  });

  it('is on the Essentials plan with password as a first sign-in factor', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      Policies: Match.objectLike({
        SignInPolicy: { AllowedFirstAuthFactors: Match.arrayWith(['PASSWORD']) },
      }),
    });
  });

  it('mails the confirmation code in Spanish', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPool', {
      VerificationMessageTemplate: {
        DefaultEmailOption: 'CONFIRM_WITH_CODE',
        EmailSubject: Match.stringLikeRegexp('código de verificación'),
        EmailMessage: Match.stringLikeRegexp('\\{####\\}.*Mentora|Mentora.*\\{####\\}'),
      },
    });
  });

  it('keeps the user pool when a production stack is deleted', () => {
    const [[, pool]] = resourcesOfType(synth.json, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
  });

  it('gives the web client the sign-up confirmation and password flows, without a secret', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
    const [[, client]] = resourcesOfType(synth.json, 'AWS::Cognito::UserPoolClient');
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(
      // CUSTOM_AUTH: an LTI launch's one-time sign-in (docs/lti.md "Signing in").
      ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_AUTH', 'ALLOW_USER_PASSWORD_AUTH'],
    );
  });

  it('runs the Hosted UI code grant back to the custom domain', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayEquals(['openid', 'email', 'profile']),
      CallbackURLs: ['https://app.mentora.example/'],
      LogoutURLs: ['https://app.mentora.example/'],
    });
    const [[, client]] = resourcesOfType(synth.json, 'AWS::Cognito::UserPoolClient');
    expect([...client.Properties.SupportedIdentityProviders].sort()).toEqual(['COGNITO', 'Google', 'Microsoft']);
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'mentora-test' });
  });

  it('federates Google with the client id from context', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({ client_id: FULL_CONTEXT.googleClientId }),
    });
  });

  it('federates Microsoft through OIDC with the tenant issuer', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Microsoft',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: FULL_CONTEXT.microsoftClientId,
        oidc_issuer: `https://login.microsoftonline.com/${FULL_CONTEXT.microsoftTenantId}/v2.0`,
        authorize_scopes: 'openid email profile',
      }),
    });
  });

  it('links a first Google or Microsoft sign-in to the learner with a verified email: the pre-sign-up trigger', () => {
    const [[, pool]] = resourcesOfType(synth.json, 'AWS::Cognito::UserPool');
    // The same function writes the taken-address notice (issue 31): the custom-message trigger.
    const trigger = { 'Fn::GetAtt': [expect.stringMatching(/^AuthPreSignUpFunction/), 'Arn'] };
    // And the one-time sign-in's three (docs/lti.md "Signing in"): its Verify trigger spends a proof, DeleteItem only.
    expect(pool.Properties.LambdaConfig).toEqual({
      PreSignUp: trigger, CustomMessage: trigger, DefineAuthChallenge: trigger, CreateAuthChallenge: trigger, VerifyAuthChallengeResponse: trigger,
    });
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      AttributeMapping: Match.objectLike({ email_verified: 'email_verified' }),
    });
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Microsoft',
      AttributeMapping: Match.objectLike({ email_verified: 'xms_edov' }),
    });
  });

  it('takes both client secrets from Secrets Manager by reference, never by value', () => {
    const providers = resourcesOfType(synth.json, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(providers).toHaveLength(2);
    const secretNames = [FULL_CONTEXT.googleSecretName, FULL_CONTEXT.microsoftSecretName];
    for (const [, idp] of providers) {
      const secret = idp.Properties.ProviderDetails.client_secret;
      const reference = typeof secret === 'string' ? secret : JSON.stringify(secret);
      expect(reference).toMatch(/\{\{resolve:secretsmanager:[^}]+:SecretString:::\}\}/);
      expect(secretNames.some((name) => reference.includes(name))).toBe(true);
    }
  });

  it('holds no client secret anywhere else in the template', () => {
    const text = JSON.stringify(synth.json);
    const secretMentions = text.match(/client_?secret[^,}]*/gi) ?? [];
    for (const mention of secretMentions) expect(mention).toMatch(/resolve:secretsmanager/);
    expect(text).not.toMatch(/"ClientSecret"/);
  });
});

describe('Cognito with no provider in context', () => {
  let synth: ReturnType<typeof synthMentora>;
  beforeAll(() => {
    synth = synthMentora({ stage: 'dev' });
  });

  it('creates no identity provider and offers only email sign-in', () => {
    synth.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', { SupportedIdentityProviders: ['COGNITO'] });
  });

  it('warns at synth that Google and Microsoft are not configured', () => {
    const warnings = Annotations.fromStack(synth.stack).findWarning('*', Match.stringLikeRegexp('not in context'));
    const text = warnings.map((w) => JSON.stringify(w.entry.data)).join('\n');
    expect(text).toMatch(/Google/);
    expect(text).toMatch(/Microsoft/);
  });

  it('returns from the Hosted UI to the CloudFront address', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }, '/']] }],
    });
  });

  it('lets a development pool be deleted with its stack', () => {
    const [[, pool]] = resourcesOfType(synth.json, 'AWS::Cognito::UserPool');
    expect(pool.DeletionPolicy).toBe('Delete');
  });
});
