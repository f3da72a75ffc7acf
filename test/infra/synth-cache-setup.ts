import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// jest globalSetup of the infra project: a fresh directory for this run's synthesized templates
// (synth-cache.ts). Fresh per run, so an edit to infra/ is always synthesized again.
export default function setup() {
  process.env.MENTORA_SYNTH_CACHE = mkdtempSync(join(tmpdir(), 'mentora-synth-'));
}
