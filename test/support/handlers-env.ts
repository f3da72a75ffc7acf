// setupFiles of the handlers project: what the CDK stack gives each Lambda (TABLE_NAME, pool ids,
// the state machine ARN…) with the SDK endpoints pointed at the stand-ins handlers-setup.ts started.
// Handlers read their configuration at import, so this runs before each test file imports one.
const env = process.env.MENTORA_HANDLERS_ENV;
if (!env) throw new Error('MENTORA_HANDLERS_ENV is not set: run through the jest handlers project (npm run test:handlers)');
// Logging stays as quiet.ts set it: tests that provoke errors on purpose need not print them.
const { POWERTOOLS_LOG_LEVEL: _stackLevel, ...lambdaEnv } = JSON.parse(env) as Record<string, string>;
Object.assign(process.env, lambdaEnv);
