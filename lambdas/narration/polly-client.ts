import type { PollyClient } from '@aws-sdk/client-polly';

// The narration Lambda's one Polly client, built on the first Polly call (a start, a status poll, a
// synthesis), not at cold start: a GET of audio already made, a sample already kept or a refused
// request never needs it (issue 35, docs/architecture.md "Cold init").

/** The SDK module (polly-sdk.ts), loaded once. */
export const pollySdk = () => import('./polly-sdk');

/** Where the Polly ports get their client: the Lambda's shared one, or a test's client pointed at the local Polly. */
export type PollyFactory = () => Pick<PollyClient, 'send'> | Promise<Pick<PollyClient, 'send'>>;

let client: Promise<PollyClient> | undefined;
export const pollyClient = () => (client ??= pollySdk().then((sdk) => new sdk.PollyClient({ maxAttempts: 3 })));
