// Where each figure of the model table (model-table.ts) comes from, read 2026-11-24. The table's
// limits are what Bedrock validates a request against: `maxTokens` above the maximum output, or
// input plus `maxTokens` above the context window, is refused with a ValidationException (the
// local Bedrock refuses the same way, infra/local/bedrock-limits.ts).
//
// Prices: USD per million tokens, Standard tier, on-demand, as charged in us-east-1. AWS's pricing
// page (https://aws.amazon.com/bedrock/pricing/) says a cross-region inference profile costs
// nothing extra and is priced at the SOURCE region (the region the request is made from), so one
// price per source region is all the table needs. eu-west-1, the production region (read
// 2026-11-25): the pricing page itself still could not be read (it renders its tables with a
// script). What an AWS source gives: AWS's own pricing table in github.com/aws/agent-toolkit-for-aws
// (plugins/aws-startup-advisor/skills/llm-to-bedrock/scripts/bedrock_pricing.py, "verified
// 2026-10-05" against the pricing page and the AWS Pricing API) prices Claude Haiku 4.5 at
// $1 / $5 in-region or `global.` and $1.10 / $5.50 through the `us.` and `eu.` geographic
// profiles, and says the geographic rate is the same in eu-west-1 as in us-east-1 (checked there
// on Sonnet 4.6). Mentora calls `eu.` profiles from eu-west-1, so costUsd() adds that 10 %
// (model-table.ts GEO_PROFILE_PREMIUM; Sonnet 4.5 assumed to follow Haiku 4.5, not confirmed). Nova
// Micro / Lite / Pro: the same table gives $0.035 / $0.14, $0.06 / $0.24, $0.80 / $3.20 without
// a region; an eu-west-1 figure for Nova was NOT confirmed, so eu-west-1 Nova calls are priced at
// those. Nova 2 Lite: no AWS figure read at all.
//
// Prompt caching (issue 33, read 2026-11-28): AWS's user guide page "Prompt caching for faster model
// inference" (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html) lists Nova
// Micro, Lite, Pro and Premier and the Claude models, not OpenAI's gpt-oss; its model table (as
// reproduced by portkey.ai/docs/integrations/llms/bedrock/prompt-caching) gives Nova a 1,000-token
// minimum per checkpoint, 4 checkpoints, system and messages only (not tools), at most 32K cached
// tokens; Claude Haiku 4.5 needs 4,096 (spring.io's Bedrock caching post). Cache prices were NOT read
// from AWS (the pricing page renders by script): Nova reads are priced at a quarter of the input
// price (third parties give 75 % or 90 % off: the dearer is taken), Nova writes at the input price
// (no write premium is documented for Nova); Claude writes at 1.25 x and reads at 0.1 x input,
// Anthropic's published multipliers. gpt-oss on Bedrock has no prompt caching: absent from AWS's
// list above, and an AWS-verified gateway pricing table (theagenticguy.github.io/ai-gateway, "verified
// 2026-06-11 against the AWS Bedrock pricing page") marks gpt-oss as having no cache-billing lane.

export interface ModelSource {
  /** The AWS model card (Bedrock user guide) the limits come from. */
  card: string;
  /** What could not be confirmed from an AWS document, in plain words; absent when all was. */
  unconfirmed?: string;
  /** The Bedrock end-of-life date on the model's card (YYYY-MM-DD), when it has one. */
  endOfLife?: string;
}

/** The day the cards and prices below were read: a model whose end of life is before it may not be routed to. */
export const READ_ON = '2026-11-24';

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
    unconfirmed: 'card read 2026-11-24 (a translation of it): 200K context, 4K output, lifecycle "Legacy (region-specific)", EOL date 2026-09-10, so no purpose routes or falls back to it; kept only so old usage stays priced',
    endOfLife: '2026-09-10',
  },
  'anthropic.claude-haiku-4-5-20251001-v1:0': {
    card: `${CARD}/model-card-anthropic-claude-haiku-4-5.html`,
    unconfirmed: 'limits confirmed (context 200K, max output 64K); price is Anthropic\'s list price, which Bedrock matches',
  },
  'openai.gpt-oss-120b-1:0': {
    card: `${CARD}/model-parameters-openai.html`,
    unconfirmed:
      'read 2026-11-28: released 2025-08-05, model id openai.gpt-oss-120b-1:0, text in and out, 128,000-token context, Converse with other OpenAI fields in additionalModelRequestFields (AWS user guide "OpenAI models"); ' +
      'max output (16K kept) and the in-region offer in us-east-1, us-west-2 and eu-west-1 NOT confirmed from an AWS page, and no cross-region profile is assumed; ' +
      'price $0.15 / $0.60 from third-party listings of Bedrock (keeprouter.com among them), the AWS pricing page not readable here; tokens per second an estimate',
  },
  'anthropic.claude-sonnet-4-5-20250929-v1:0': {
    card: `${CARD}/model-card-anthropic-claude-sonnet-4-5.html`,
    unconfirmed: 'card not read this session: 200K context and 64K output from Anthropic\'s model documentation; price is Anthropic\'s list price',
  },
};

/**
 * The cheaper models of another family than the Nova writer weighed for the blind verifier
 * (issue 20, re-weighed for issue 33 on 2026-11-28). Since issue 33 the verifier answers in plain
 * text (verdict-lines.ts), so a forced tool is no longer needed: what it needs is Spanish good
 * enough for a blind expert answer plus a yes/no judgement, a Bedrock offer in us-east-1 and
 * eu-west-1, and a price that keeps a 5 × 4 course within $0.06. Prices are USD per million input / output tokens.
 */
export const VERIFIER_CANDIDATES: Record<string, { price?: [number, number]; verdict: string; sources: string[] }> = {
  'openai.gpt-oss-120b-1:0': {
    price: [0.15, 0.6],
    verdict:
      'ROUTED (issue 33): OpenAI\'s larger open-weight reasoning model, another family than Nova, not retired (AWS lists it, released 2025-08-05); answers the text format with reasoning_effort "low" ' +
      '(its reasoning tokens are billed as output: not modelled by the local Bedrock, see docs/pipeline.md "Cost"). About 7 times cheaper than Claude Haiku 4.5 on input and 8 on output. No prompt caching on Bedrock',
    sources: [`${CARD}/model-parameters-openai.html`, `${CARD}/prompt-caching.html`, 'https://keeprouter.com/models/gpt-oss-120b ($0.15 / $0.60, a third-party reproduction)'],
  },
  'anthropic.claude-haiku-4-5-20251001-v1:0': {
    price: [1, 5],
    verdict: 'the route until issue 33, now the first fallback: legacy at Anthropic; $1.10 / $5.50 through the eu. profile made the verifier $0.13 of a $0.17 course',
    sources: [`${CARD}/model-card-anthropic-claude-haiku-4-5.html`, 'github.com/aws/agent-toolkit-for-aws bedrock_pricing.py (verified 2026-10-05)'],
  },
  'anthropic.claude-3-haiku-20240307-v1:0': {
    price: [0.25, 1.25],
    verdict: 'rejected: AWS\'s model card gives it an EOL date of 2026-09-10 (Legacy, region-specific): a model past its end of life is no route and no fallback',
    sources: [`${CARD}/model-card-anthropic-claude-3-haiku.html`, `${CARD}/share-model-support.html (Claude 3 Haiku in us-east-1 and eu-west-1)`],
  },
  'openai.gpt-oss-20b-1:0': {
    price: [0.07, 0.3],
    verdict: 'not routed: the smaller of the two, so the weaker judge of Spanish questions, for a saving of under $0.01 a course; price a third-party reproduction',
    sources: [`${CARD}/model-parameters-openai.html`],
  },
  'meta.llama / mistral / qwen': {
    verdict: 'not routed: no AWS page read confirms one of them in eu-west-1 at a price under gpt-oss-120b\'s; Mistral and Meta Llama would serve the text format as well, should gpt-oss be withdrawn',
    sources: [`${CARD}/conversation-inference-supported-models-features.html`],
  },
};
