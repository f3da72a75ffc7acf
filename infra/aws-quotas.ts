// AWS's default quotas the capacity model (infra/capacity.ts) measures against, each with where it
// was read and when. Defaults only: an account's applied values may be lower (new accounts get
// reduced Lambda concurrency, Step Functions transitions and Bedrock tokens) or raised on request;
// Service Quotas shows the applied ones. Production runs in eu-west-1 (infra/environments.ts).

export interface Quota {
  value: number;
  unit: string;
  /** Whether Service Quotas (or Support) can raise it. */
  adjustable: boolean;
  source: string;
  /** When the source was read. */
  read: string;
  note?: string;
}

export const AWS_DEFAULT_QUOTAS = {
  bedrockNovaLiteTpm: {
    value: 200_000,
    unit: 'tokens per minute (input + maxTokens), cross-region profile, eu-west-1',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/general/latest/gr/bedrock.html (Cross-region model inference tokens per minute for Amazon Nova Lite, L-7C42E72A)',
    read: '2026-11-24',
    note: '4,000,000 in us-east-1, us-east-2 and us-west-2; 200,000 in each other Region. Bedrock counts input plus maxTokens when a call starts (quotas-runtime.html).',
  },
  lambdaConcurrency: {
    value: 1000,
    unit: 'concurrent executions per Region',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html',
    read: '2026-11-24',
    note: 'Reserved concurrency must leave at least 100 unreserved (configuration-concurrency.html).',
  },
  lambdaUnreservedMinimum: {
    value: 100,
    unit: 'concurrent executions left unreserved',
    adjustable: false,
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html',
    read: '2026-11-24',
  },
  stepFunctionsTransitions: {
    value: 5000,
    unit: 'state transitions per second (Standard; bucket 5,000, refill 5,000/s)',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/step-functions/latest/dg/service-quotas.html (Quotas related to state throttling)',
    read: '2026-11-24',
    note: 'us-east-1, us-west-2 and eu-west-1; 800/s elsewhere. The stored excerpt read did not show the table row: confirm in Service Quotas.',
  },
  dynamoPartitionWrites: {
    value: 1000,
    unit: 'write units per second per partition (and per GSI partition)',
    adjustable: false,
    source: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput-scenarios.html',
    read: '2026-11-24',
  },
  dynamoPartitionReads: {
    value: 3000,
    unit: 'read units per second per partition',
    adjustable: false,
    source: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput-scenarios.html',
    read: '2026-11-24',
  },
  dynamoNewOnDemandTable: {
    value: 4000,
    unit: 'write request units per second a new on-demand table takes at once (or 12,000 reads)',
    adjustable: true,
    source: 'https://repost.aws/knowledge-center/on-demand-table-throttling-dynamodb (Initial throughput for on-demand capacity mode)',
    read: '2026-11-24',
    note: 'Beyond it the table doubles its previous peak within 30 minutes; warm throughput can be set ahead of a launch.',
  },
  httpApiAccountRps: {
    value: 10_000,
    unit: 'requests per second per account and Region, all APIs (burst 5,000)',
    adjustable: true,
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
    read: '2026-11-24',
  },
} as const satisfies Record<string, Quota>;
