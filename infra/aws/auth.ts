import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { GroupFunction } from './group-function';
import { REPO_ROOT } from './lambda-bundling';
import { PASSWORD_POLICY } from '../../lambdas/contract/common';
import type { SocialProviderContext } from './context';
import { addSocialProviders, type SocialName } from './social-providers';

export interface MentoraAuthProps {
  production: boolean;
  /** Hosted UI domain prefix; unique per region. */
  domainPrefix: string;
  /** `https://host` where the SPA is served; the Hosted UI returns there. May be a token. */
  siteOrigin: string;
  providers: SocialProviderContext;
  /** Sends verification codes through SES instead of Cognito's limited default sender. */
  sesFromEmail?: string;
  /** `false` only in template tests: the pre-sign-up Lambda is then a placeholder (GroupFunction). */
  bundle?: boolean;
}

/** Learners: the Cognito user pool, its Google/Microsoft federation, Hosted UI domain and app client. */
export class MentoraAuth extends Construct {
  readonly userPool: cognito.UserPool;
  /** The pre-sign-up and custom-message triggers (account linking, the taken-address notice), watched like every other function. */
  readonly preSignUp: lambda.IFunction;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  /** Host of the Hosted UI (no scheme), as Amplify's `oauth.domain` wants it. */
  readonly hostedDomain: string;
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>`: the issuer of the pool's tokens. */
  readonly issuer: string;
  readonly socialProviders: SocialName[];
  private readonly triggerFunction: lambda.Function;

  constructor(scope: Construct, id: string, props: MentoraAuthProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Usernames are emails: learners sign in with the address they registered.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Tu código de verificación de Mentora',
        emailBody:
          '<p>¡Hola!</p><p>Tu código para confirmar tu cuenta de Mentora es <strong>{####}</strong>.</p>' +
          '<p>Escríbelo en la pantalla de registro para empezar a aprender. Si no creaste una cuenta, ignora este correo.</p>',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      // Essentials: choice-based sign-in (USER_AUTH), which confirms sign-up straight into a session.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      signInPolicy: { allowedFirstAuthFactors: { password: true } },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.sesFromEmail
        ? cognito.UserPoolEmail.withSES({ fromEmail: props.sesFromEmail, fromName: 'Mentora' })
        : undefined,
      deletionProtection: props.production,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The password policy is the product one (lambdas/contract/common.ts PASSWORD_POLICY: 8+ chars, upper, lower, digit); the sign-up form validates the same rules in Spanish.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'The product signs learners in with email+password or Google/Microsoft; MFA is not part of the specified flows and would break the confirm-then-signed-in sign-up.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason: 'Threat protection (advanced security) needs the Plus feature plan; the pool runs on Essentials, and the API is throttled at the stage.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials is the plan the sign-up flow needs (USER_AUTH sessions); Plus only adds threat protection, priced per active user, not justified at launch.',
      },
    );

    // A first Google or Microsoft sign-in with a registered learner's email links to that learner
    // (lambdas/auth/pre-sign-up.ts) instead of creating a second one.
    const preSignUp = new GroupFunction(this, 'PreSignUp', {
      entry: join(REPO_ROOT, 'lambdas', 'auth', 'pre-sign-up.ts'),
      service: 'auth-pre-sign-up',
      environment: {},
      memorySize: 256,
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
      logLevel: props.production ? 'INFO' : 'DEBUG',
      production: props.production,
      bundle: props.bundle ?? true,
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, preSignUp.fn);
    // The same Lambda writes the "someone tried to register with your address" notice (issue 31,
    // lambdas/auth/registration-notice.ts): a pure text change, no grant needed.
    this.userPool.addTrigger(cognito.UserPoolOperation.CUSTOM_MESSAGE, preSignUp.fn);
    // An LTI launch's one-time sign-in (lambdas/auth/one-time-sign-in.ts, docs/lti.md "Signing in"): one custom
    // challenge, answered only with a proof the lti Lambda wrote on the table (allowOneTimeSignIn).
    this.userPool.addTrigger(cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE, preSignUp.fn);
    this.userPool.addTrigger(cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE, preSignUp.fn);
    this.userPool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, preSignUp.fn);
    this.preSignUp = preSignUp.fn;
    // A policy of its own, attached to the role: in the function's default policy the pool's ARN
    // would make the function depend on the pool, which already depends on the function.
    new iam.Policy(this, 'PreSignUpLinking', {
      roles: [preSignUp.fn.role!],
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    const { supported, federated, names } = addSocialProviders(this, this.userPool, props.providers);
    this.socialProviders = names;

    this.domain = this.userPool.addDomain('HostedDomain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });
    const region = Stack.of(this).region;
    this.hostedDomain = `${props.domainPrefix}.auth.${region}.amazoncognito.com`;

    const siteRoot = `${props.siteOrigin}/`;
    this.client = this.userPool.addClient('WebClient', {
      // A browser SPA cannot keep a secret: public client, PKCE on the code grant (Amplify sends it).
      generateSecret: false,
      // custom: an LTI launch's one-time sign-in (lambdas/auth/one-time-sign-in.ts), answered by the triggers below.
      authFlows: { user: true, userPassword: true, custom: true },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [siteRoot],
        logoutUrls: [siteRoot],
      },
      supportedIdentityProviders: supported,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      authSessionValidity: Duration.minutes(5),
    });
    // The client may only name providers that already exist.
    for (const idp of federated) this.client.node.addDependency(idp);

    this.triggerFunction = preSignUp.fn;

    // Built by hand: the pool's ProviderURL attribute lacks the scheme the JWT `iss` claim carries.
    this.issuer = `https://cognito-idp.${region}.${Stack.of(this).urlSuffix}/${this.userPool.userPoolId}`;
  }

  /**
   * The Verify trigger spends the one-time sign-in's proofs (SIGNINPROOF# items) on the table: its name, and
   * DeleteItem alone, in a policy of the role's own (the table does not depend on the pool).
   */
  allowOneTimeSignIn(table: dynamodb.ITable): void {
    this.triggerFunction.addEnvironment('TABLE_NAME', table.tableName);
    new iam.Policy(this, 'OneTimeSignInProofs', {
      roles: [this.triggerFunction.role!],
      statements: [new iam.PolicyStatement({ actions: ['dynamodb:DeleteItem'], resources: [table.tableArn] })],
    });
  }
}
