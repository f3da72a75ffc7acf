// Installs dependencies when node_modules is missing or was installed from another
// package-lock.json, so that `npm start` and `npm test` work on a fresh clone.
// `npm ci` installs exactly the lock (the README's development section says why it can: the
// native packages are pinned to versions published for every platform); `npm install` only
// when there is no lock yet. Uses only Node's standard library.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

const lockFile = 'package-lock.json';
const stamp = 'node_modules/.mentora-lock-hash';
const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

const hasLock = existsSync(lockFile);
if (!hasLock || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== hashOf(lockFile)) {
  const command = hasLock ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`Installing dependencies (${command}): node_modules is missing or older than ${lockFile}...`);
  execSync(command, { stdio: 'inherit' });
  writeFileSync(stamp, hashOf(lockFile));
}
