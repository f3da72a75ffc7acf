import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';

// Tests that provoke errors on purpose need not print them; set POWERTOOLS_LOG_LEVEL to see logs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
quietAwsSdk();
