import type { ConverseCommand, ConverseCommandOutput, ConverseStreamCommand, ConverseStreamCommandOutput } from '@aws-sdk/client-bedrock-runtime';

// The Bedrock client's port in a file of its own: bedrock-client.ts builds it and hands it to the budget
// (model-budget.ts) and the structured calls (structured-output.ts), which take it by this type and so
// never import the client that imports them.

/** The two operations Mentora sends, with the SDK's own command and output types. */
export interface BedrockSender {
  send(command: ConverseCommand, options?: { abortSignal?: AbortSignal }): Promise<ConverseCommandOutput>;
  send(command: ConverseStreamCommand, options?: { abortSignal?: AbortSignal }): Promise<ConverseStreamCommandOutput>;
}
