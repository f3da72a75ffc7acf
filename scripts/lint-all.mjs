// `npm run lint`: `tsc -p .` and `eslint .` side by side, then the house rules (scripts/lint.mjs).
// Both are single-threaded and neither reads the other's output, so on two cores they take the time of the
// slower one (ESLint with type information) instead of the sum: in CI, lint runs alone before the tests and
// one core sat idle for tsc's minute and more (issue 42, CI time). Each tool's output is printed whole, one
// after the other, so the two never interleave; the run fails if either fails.
import { spawn } from 'node:child_process';

const bin = (name) => (process.platform === 'win32' ? `${name}.cmd` : name);

function run(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(bin(command), args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ label, code: 1, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on('close', (code) => resolve({ label, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all([run('tsc -p .', 'tsc', ['-p', '.']), run('eslint .', 'eslint', ['.'])]);
let failed = false;
for (const { label, code, output, seconds } of results) {
  process.stdout.write(output);
  console.log(`${code === 0 ? 'ok' : 'FAILED'}: ${label} (${seconds.toFixed(0)} s)`);
  failed ||= code !== 0;
}
if (failed) process.exit(1);
const rules = await run('scripts/lint.mjs', process.execPath, ['scripts/lint.mjs']);
process.stdout.write(rules.output);
process.exit(rules.code);
