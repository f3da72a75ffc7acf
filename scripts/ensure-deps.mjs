// `npm install`, not `npm ci`: npm 11 here leaves other platforms' optional binaries out of the
// lock file, which `npm ci` then refuses; install still honours every locked version.
// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone. Uses only Node's standard library.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

const lock = readFileSync('package-lock.json');
const hash = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.mentora-lock-hash';

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
  console.log('Installing dependencies (package-lock.json changed or node_modules is missing)...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(stamp, createHash("sha256").update(readFileSync("package-lock.json")).digest("hex"));
}
