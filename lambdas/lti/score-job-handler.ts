import { dynamoLmsGrades } from '../lms-grades';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import * as z from 'zod';
import { dynamoLtiStore } from './lti-store';
import { runScoreJob, type ScoreJobDeps, type ScoreJobInput } from './score-job';
import { secretsManagerToolKeys } from './tool-keys';

// The Lambda of every lms-scores Task state (infra/aws/lms-scores.ts; locally infra/local/stepfunctions-pipeline.ts).

let deps: ScoreJobDeps | undefined;
const depsOf = () => {
  if (deps) return deps;
  // LTI_PLATFORM_SCHEMES as the lti Lambda reads it: a line item's URL must be on the platform's site (ags-lineitems.ts).
  const config = readConfig({ TABLE_NAME: tableName, LTI_KEYS_SECRET_ARN: z.string().min(1), LTI_PLATFORM_SCHEMES: z.string().default('https:') });
  const db = documentClient();
  deps = {
    grades: dynamoLmsGrades(db, config.TABLE_NAME),
    store: dynamoLtiStore(db, config.TABLE_NAME),
    keys: secretsManagerToolKeys(config.LTI_KEYS_SECRET_ARN),
    fetch: globalThis.fetch,
    now: clock.now,
    schemes: config.LTI_PLATFORM_SCHEMES.split(',').map((s) => s.trim()),
  };
  return deps;
};

export const scoreJob = (input: ScoreJobInput) => runScoreJob(depsOf(), input);
export const handler = scoreJob;
