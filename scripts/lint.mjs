// `npm run lint` (after tsc): the house rules a type checker cannot see.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execSync('git ls-files --cached --others --exclude-standard', { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.startsWith('node_modules/'));

const rules = [
  {
    what: 'Lambda code never asks where it runs: only SDK endpoints differ (DESIGN §1)',
    applies: (f) => f.startsWith('lambdas/'),
    bad: /\b(isLocal|IS_LOCAL|MENTORA_LOCAL|localhost|127\.0\.0\.1)\b|stage\s*===\s*['"]local['"]/,
  },
  {
    what: 'No Scan on a request path: every read is served by a key or an index',
    applies: (f) => f.startsWith('lambdas/'),
    bad: /\bScanCommand\b|\.scan\(/,
  },
  {
    what: 'No secret in code: keys come from Secrets Manager or SSM',
    applies: (f) => !f.startsWith('test/'),
    bad: /\b(sk_live_[A-Za-z0-9]{8,}|rk_live_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{16,}|AKIA[0-9A-Z]{16})\b/,
  },
  {
    what: "zod as a namespace and only its Spanish locale: `import { z }` or `z.locales` puts all of zod (350 KB) in every Lambda bundle",
    applies: (f) => f.startsWith('lambdas/'),
    bad: /import\s*\{\s*z\s*\}\s*from\s*['"]zod['"]|\bz\.locales\b/,
  },
  {
    what: 'Files stay short (most under 150 lines; none over 300)',
    applies: (f) => /^(lambdas|infra|web\/src|bin)\//.test(f),
    check: (text) => text.split('\n').length > 300,
  },
];

let failures = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  for (const rule of rules) {
    if (!rule.applies(file)) continue;
    const broken = rule.check ? rule.check(text) : rule.bad.test(text);
    if (broken) {
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
