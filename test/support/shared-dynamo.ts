// One DynamoDB Local for the whole jest run. Every local stack the run starts (the integration, handlers and
// e2e projects' own, a file's useOwnStack, useOwnDynamo, the pipeline harness, the unit files' engines)
// then takes a database of its own in it (infra/local/dynamo.ts, SHARED_ENGINE_ENV) instead of starting a
// JVM: about forty starts and warm-ups per run on CI's two cores (issue 42, CI time). Without `-sharedDb`
// the engine keeps one database per access key and region; each stack's fault proxy signs as its own.
// jest runs every project's globalSetup in one process before the workers start, so the variable set
// here reaches every worker and every stack spawned after it; the engine ends with that process
// (dynamo-engine.ts kills what it started on exit).
import { SHARED_ENGINE_ENV } from '../../infra/local/dynamo';
import { startDynamoEngine } from '../../infra/local/dynamo-engine';

export async function startSharedDynamo(): Promise<void> {
  if (process.env[SHARED_ENGINE_ENV]) return;
  const engine = await startDynamoEngine(undefined, { sharedDb: false });
  process.env[SHARED_ENGINE_ENV] = engine.url;
}
