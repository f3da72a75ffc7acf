// Where each figure of the model table (model-table.ts) comes from, read 2026-11-24. The table's
// limits are what Bedrock validates a request against: `maxTokens` above the maximum output, or
// input plus `maxTokens` above the context window, is refused with a ValidationException (the
// local Bedrock refuses the same way, infra/local/bedrock-limits.ts).
//
// Prices: USD per million tokens, Standard tier, on-demand, as charged in us-east-1. AWS's pricing
// page (https://aws.amazon.com/bedrock/pricing/) says a cross-region inference profile costs
// nothing extra and is priced at the SOURCE region (the region the request is made from), so one
// price per source region is all the table needs. We could NOT read per-region figures for
// eu-west-1 from an AWS document in this session (the pricing page renders them with a script):
// `euWest1` is left out, and costUsd() prices eu-west-1 requests at the us-east-1 figure until
// someone copies them from the page; the docs say so (docs/pipeline.md "Models").

export interface ModelSource {
  /** The AWS model card (Bedrock user guide) the limits come from. */
  card: string;
  /** What could not be confirmed from an AWS document, in plain words; absent when all was. */
  unconfirmed?: string;
}

const CARD = 'https://docs.aws.amazon.com/bedrock/latest/userguide';

export const MODEL_SOURCES: Record<string, ModelSource> = {
  'amazon.nova-micro-v1:0': {
    card: `${CARD}/model-card-amazon-nova-micro.html`,
    unconfirmed: 'card not read this session: 128K context and 5K output are the Nova v1 family figures (third-party listings agree); price from third-party reproductions of the pricing page',
  },
  'amazon.nova-lite-v1:0': {
    card: `${CARD}/model-card-amazon-nova-lite.html`,
    unconfirmed: 'limits confirmed (context 300K, max output 5K, "EOL no sooner than 12/4/2025"); price from third-party reproductions of the pricing page',
  },
  'amazon.nova-pro-v1:0': {
    card: `${CARD}/model-card-amazon-nova-pro.html`,
    unconfirmed: 'card not read this session: 300K context and 5K output as Nova Lite (a real Bedrock refusal quoted "model limit of 5120" for Nova Pro); price from third-party reproductions of the pricing page',
  },
  'amazon.nova-2-lite-v1:0': {
    card: `${CARD}/model-card-amazon-nova-2-lite.html`,
    unconfirmed: 'card not read this session: 1M context per AWS\'s Nova 1 → Nova 2 migration post; max output kept at a conservative 10K and its geographies (us, eu, global) not confirmed; price $0.30 / $2.50 from a third-party listing of Bedrock',
  },
  'anthropic.claude-3-haiku-20240307-v1:0': {
    card: `${CARD}/model-card-anthropic-claude-3-haiku.html`,
    unconfirmed: 'card not read this session: 200K context and 4,096 output from Anthropic\'s model documentation',
  },
  'anthropic.claude-haiku-4-5-20251001-v1:0': {
    card: `${CARD}/model-card-anthropic-claude-haiku-4-5.html`,
    unconfirmed: 'limits confirmed (context 200K, max output 64K); price is Anthropic\'s list price, which Bedrock matches',
  },
  'anthropic.claude-sonnet-4-5-20250929-v1:0': {
    card: `${CARD}/model-card-anthropic-claude-sonnet-4-5.html`,
    unconfirmed: 'card not read this session: 200K context and 64K output from Anthropic\'s model documentation; price is Anthropic\'s list price',
  },
};
