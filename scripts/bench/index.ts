// `npm run bench`: runs every scripts/bench/*.bench.ts in turn, each in its own process so one
// measurement's warm caches never flatter the next. Each prints its own figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const dir = join(__dirname);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of benches) {
  console.log(`\n=== ${file.replace('.bench.ts', '')} ===`);
  execFileSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
}
