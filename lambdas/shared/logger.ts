import { Logger } from '@aws-lambda-powertools/logger';

// One Powertools logger per Lambda; the service name and level come from the standard
// POWERTOOLS_SERVICE_NAME / POWERTOOLS_LOG_LEVEL variables the stack sets.
export const logger = new Logger();
