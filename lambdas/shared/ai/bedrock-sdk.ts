// What Mentora uses of `@aws-sdk/client-bedrock-runtime`, named, so the bundler keeps only these
// when bedrock-client.ts imports this module on the first model call (a dynamic import of the
// package itself would keep every command of it).
export { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
