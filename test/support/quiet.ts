import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';

// Tests that provoke errors on purpose need not print them; set POWERTOOLS_LOG_LEVEL to see logs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
// Nor print an EMF metrics record per invocation (test/unit/shared/observability.test.ts turns them on).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// Handlers run in the test's process here: no X-Ray async hook tracking every promise (infra/local/untraced.ts).
process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
quietAwsSdk();
