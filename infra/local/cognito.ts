import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import type { Services } from 'cognito-local/lib/services';
import { hostedUiSessions } from './cognito-hosted-ui';
import { recoveryHandlers } from './cognito-recovery';
import { signOutHandlers } from './cognito-sign-out';
import { targetExtension, userAuthHandlers } from './cognito-user-auth';
import { customAuthHandlers } from './cognito-custom-auth';
import { dynamoProofStore, type ProofStore } from '../../lambdas/auth/one-time-sign-in';
import { documentClient } from '../../lambdas/shared/clients';
import { TABLE_NAME } from './dynamo';
import type { Mailbox } from './mailbox';
import { customMessage } from '../../lambdas/auth/pre-sign-up';

export interface LocalCognitoOptions {
  /** Where users live; a temporary folder for tests. */
  dataDir: string;
  mailbox: Mailbox;
  /** Fixed for `npm start`, so tokens keep their issuer across restarts; 0 in tests. */
  port: number;
  /** Where the one-time sign-in's proofs are (the Verify trigger's table); by default the local table, read once the stack has set its endpoint. */
  proofs?: () => ProofStore;
}

/**
 * cognito-local 5.3 running in this process, with our own mail sender (the local mailbox) and,
 * in front of it, the thin extensions that add the USER_AUTH session sign-in it lacks and make
 * codes and passwords answer as Cognito's do, the global sign-out it lacks, and the Hosted UI's
 * session cookie and /logout.
 */
export async function startCognito({ dataDir, mailbox, port, proofs }: LocalCognitoOptions) {
  const dbDir = join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL ?? 'silent' });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config = { ...DefaultConfig, TokenConfig: { IssuerDomain: url } };
  const clock = new DateClock();
  const stores = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(dbDir, stores, new UserPoolServiceFactoryImpl(clock, stores)).create(
    { logger },
    config.UserPoolDefaults,
  );
  // The pool's CustomMessage trigger runs our own code, as on AWS (lambdas/auth/pre-sign-up.ts): it
  // turns a marked code request into the "someone tried to register with your address" notice.
  const lambdas = Object.assign(new LambdaService({}, undefined as never), {
    enabled: (trigger: string) => trigger === 'CustomMessage',
    invoke: (_ctx: unknown, _trigger: string, request: { triggerSource: string; codeParameter: string; clientMetadata?: Record<string, string> }) => {
      const response: Record<string, string> = {};
      return Promise.resolve(customMessage({ triggerSource: request.triggerSource, request, response }).response);
    },
  });
  const triggers = new TriggersService(clock, cognito, lambdas, new CryptoService(config.KMSConfig));
  const sender: MessageSender = {
    sendEmail(_ctx, _user, destination, message) {
      if (message.__code) {
        mailbox.add({ to: destination.toLowerCase(), code: message.__code, subject: message.emailSubject ?? 'Tu código de Mentora', sentAt: new Date().toISOString() });
      }
      return Promise.resolve();
    },
    async sendSms() {},
  };
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);
  // cognito-local types its express application as `any`: it is a request listener.
  const app = createServer(router, logger, config.ServerConfig, services).application as http.RequestListener;
  const handlers = { ...userAuthHandlers(services, router, logger), ...recoveryHandlers(services, router, logger) };
  let proofStore: ProofStore | undefined;
  const proofsOf = proofs ?? (() => (proofStore ??= dynamoProofStore(documentClient(), TABLE_NAME)));
  const extension = targetExtension({ ...handlers, ...signOutHandlers(services, router, logger, handlers), ...customAuthHandlers(services, router, logger, proofsOf) });
  const hostedUi = hostedUiSessions(services, logger, () => url);
  server.on('request', (req, res) => {
    hostedUi(req, res).then((handled) => handled || extension(req, res)).then((handled) => {
      if (!handled) app(req, res);
    }, (error) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
    });
  });

  return {
    url,
    issuerFor: (userPoolId: string) => `${url}/${userPoolId}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
