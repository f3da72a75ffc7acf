import { startGateway } from '../../../infra/local/gateway';
import type { LocalHandler } from '../../../infra/local/lambda-limits';
import { createMailbox } from '../../../infra/local/mailbox';

/** The local gateway alone in front of one handler: no web, any bearer token is learner-1's. */
export const gatewayFor = (handler: LocalHandler, options: Partial<Parameters<typeof startGateway>[0]> = {}) =>
  startGateway({
    port: 0,
    web: 'none',
    mailbox: createMailbox(),
    runtimeConfig: () => ({}),
    verify: async () => ({ sub: 'learner-1', token_use: 'access' }),
    loadHandler: async () => handler,
    ...options,
  });
