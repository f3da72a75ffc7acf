// What the embeddings use of `@aws-sdk/client-bedrock-runtime`, named, so the bundler keeps only these
// when embeddings.ts imports this module on the first embedding (a dynamic import of the package itself
// would keep every command of it: lambdas/shared/ai/bedrock-sdk.ts).
export { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
