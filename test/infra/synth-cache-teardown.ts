import { rmSync } from 'node:fs';

export default function teardown() {
  if (process.env.MENTORA_SYNTH_CACHE) rmSync(process.env.MENTORA_SYNTH_CACHE, { recursive: true, force: true });
}
