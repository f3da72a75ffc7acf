// `npm run lint`, last step (after `tsc -p .` and `eslint .`): the house rules ESLint cannot express, because
// they read every file type (ESLint sees only the JavaScript and TypeScript it parses) or comments and strings
// as plain text. Everything ESLint can check lives in eslint.config.js: the import boundaries, no Scan in
// lambdas, zod as a namespace with only its Spanish locale, files of at most 300 lines.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execSync('git ls-files --cached --others --exclude-standard', { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('node_modules/'));

const rules = [
  {
    what: 'Lambda code never asks where it runs: only SDK endpoints differ (DESIGN §1)',
    applies: (f) => f.startsWith('lambdas/'),
    bad: /\b(isLocal|IS_LOCAL|MENTORA_LOCAL|localhost|127\.0\.0\.1)\b|stage\s*===\s*['"]local['"]/,
  },
  {
    what: 'No secret in any file: keys come from Secrets Manager or SSM',
    applies: (f) => !f.startsWith('test/'),
    bad: /\b(sk_live_[A-Za-z0-9]{8,}|rk_live_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{16,}|AKIA[0-9A-Z]{16})\b/,
  },
];

let failures = 0;
for (const file of files) {
  const applicable = rules.filter((rule) => rule.applies(file));
  if (!applicable.length) continue;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  for (const rule of applicable) {
    if (rule.bad.test(text)) {
      failures++;
      console.error(`${file}: ${rule.what}`);
    }
  }
}
if (failures) {
  console.error(`\n${failures} problem(s).`);
  process.exit(1);
}
console.log(`lint: ${files.length} files follow the house rules.`);
