import * as z from 'zod';
import {
  confirmRequest,
  forgotPasswordRequest,
  loginRequest,
  logoutRequest,
  refreshRequest,
  registerRequest,
  resendCodeRequest,
  resetPasswordRequest,
  socialLoginRequest,
  contactRequest,
} from '../contract';
import { documentClient } from '../shared/clients';
import { cognitoClient } from '../shared/cognito-client';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { logger } from '../shared/logger';
import { cognitoTokenVerifier } from '../shared/jwt';
import { dynamoContactStore, sendContact, snsOperatorsTopic } from '../support';
import { dynamoUserStore } from '../user-profile';
import { cognitoIdentity } from './cognito-identity';
import * as recovery from './recovery';
import { everyDevice } from './sign-out-everywhere';
import { dynamoSignupSessions } from './signup-sessions';
import { socialVerifier } from './social-verifier';
import * as auth from './use-cases';

const config = readConfig({
  TABLE_NAME: tableName,
  USER_POOL_CLIENT_ID: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  COGNITO_ISSUER: z.url(),
  COGNITO_JWKS_URI: z.url().optional(),
  /** The operators' topic for the contact form (infra/aws/support.ts). */
  CONTACT_TOPIC_ARN: z.string().min(1).optional(),
});

const cognito = cognitoClient();
const verify = cognitoTokenVerifier({
  issuer: config.COGNITO_ISSUER,
  clientId: config.USER_POOL_CLIENT_ID,
  jwksUri: config.COGNITO_JWKS_URI,
});
const ports: auth.AuthPorts = {
  identity: cognitoIdentity(cognito, config.USER_POOL_CLIENT_ID),
  users: dynamoUserStore(documentClient(), config.TABLE_NAME),
  verifier: socialVerifier(verify, cognito),
  signups: dynamoSignupSessions(documentClient(), config.TABLE_NAME),
};
const contact = {
  store: dynamoContactStore(documentClient(), config.TABLE_NAME),
  topic: snsOperatorsTopic(config.CONTACT_TOPIC_ARN ?? 'arn:aws:sns:::sin-configurar'),
  warn: (message: string, error: unknown) => logger.warn(message, { error }),
};
const devices = everyDevice({ cognito, userPoolId: config.USER_POOL_ID, db: documentClient(), tableName: config.TABLE_NAME });

export const handler = createHandler('auth', {
  'POST /auth/contacto': endpoint({
    body: contactRequest,
    handle: async ({ body }) => ok(await sendContact(contact, body)),
  }),
  'POST /auth/register': endpoint({
    body: registerRequest,
    handle: async ({ body }) => ok(await auth.register(ports, body), 201),
  }),
  'POST /auth/confirm': endpoint({
    body: confirmRequest,
    handle: async ({ body }) => ok(await auth.confirm(ports, body)),
  }),
  'POST /auth/login': endpoint({
    body: loginRequest,
    handle: async ({ body }) => ok(await auth.login(ports, body)),
  }),
  'POST /auth/refresh': endpoint({
    body: refreshRequest,
    handle: async ({ body }) => ok(await auth.refresh(ports, body.refreshToken)),
  }),
  'POST /auth/logout': endpoint({
    body: logoutRequest,
    handle: async ({ body }) => ok(await auth.logout(ports, body.refreshToken)),
  }),
  'POST /auth/loginsocial': endpoint({
    body: socialLoginRequest,
    handle: async ({ body }) => ok(await auth.socialLogin(ports, body)),
  }),
  'POST /auth/forgot-password': endpoint({
    body: forgotPasswordRequest,
    handle: async ({ body }) => ok(await recovery.forgotPassword(ports, body.email)),
  }),
  'POST /auth/reset-password': endpoint({
    body: resetPasswordRequest,
    handle: async ({ body }) => ok(await recovery.resetPassword({ ...ports, devices }, body)),
  }),
  'POST /auth/resend-code': endpoint({
    body: resendCodeRequest,
    handle: async ({ body }) => ok(await recovery.resendCode(ports, body.email)),
  }),
});
