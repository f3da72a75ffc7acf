// What the narration uses of `@aws-sdk/client-polly`, named, so the bundler keeps only these when
// polly-tasks.ts and speak.ts import this module on the first Polly call (a dynamic import of the
// package itself would keep every command of it). Polly's client, its REST-JSON protocol and the
// HTTP/2 handler its streaming synthesis brings (Node's `http2`) are then a chunk a cold start of the
// narration Lambda does not read (issue 35, docs/architecture.md "Cold init").
export { GetSpeechSynthesisTaskCommand, PollyClient, StartSpeechSynthesisTaskCommand, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
