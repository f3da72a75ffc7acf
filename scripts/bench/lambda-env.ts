// The environment a deployed Lambda starts with, made up: read by the bundle bench (cold init) and
// by test/infra/bundling.test.ts (every bundle the synth builds starts).
/** What the CDK stack sets on the Lambdas (infra/aws/api-functions.ts), with made-up values. */
export const LAMBDA_ENV: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIDBENCHMARKONLY000',
  AWS_SECRET_ACCESS_KEY: 'bench-secret-not-real',
  AWS_SESSION_TOKEN: 'bench-session-not-real',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  TABLE_NAME: 'mentora-bench',
  MATERIALS_BUCKET: 'mentora-bench-materials',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'benchclientid',
  COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench',
  STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:bench',
  MODEL_JOBS_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:bench-jobs',
  LMS_SCORES_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:bench-lms-scores',
  MODEL_FAST_ID: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  MODEL_STRONG_ID: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:mentora/bench-stripe',
  STRIPE_PRICE_MONTHLY: 'price_bench_monthly',
  STRIPE_PRICE_YEARLY: 'price_bench_yearly',
  SITE_URL: 'https://mentora.example',
  LTI_KEYS_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:mentora/bench-lti-keys',
  POWERTOOLS_LOG_LEVEL: 'WARN',
  POWERTOOLS_METRICS_NAMESPACE: 'Mentora',
};
