import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The architecture rules of `npm run lint` (scripts/eslint-rooms.cjs, the same ones eslint.config.js uses)
// run on a small tree written for each test: they must refuse a deep import into another room, an import
// of a group from lambdas/shared and an import cycle (through index.ts re-exports too), and let a door pass.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the rules are CommonJS like eslint.config.js
const { rooms } = require('../../scripts/eslint-rooms.cjs') as { rooms: (options: { tsconfig: string; rootPath: string }) => object[] };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mentora-rooms-'));
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true }, include: ['**/*'] }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** Lints the fixture tree and answers each file's messages as `rule: text`. */
async function lint(...files: string[]) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser as never } },
      ...rooms({ tsconfig: join(root, 'tsconfig.json'), rootPath: root }),
    ] as never,
  });
  const results = await eslint.lintFiles(files);
  return Object.fromEntries(results.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => `${m.ruleId}: ${m.message}`)]));
}

/** A room with a public module that lists `a`, and a private file beside it. */
function courses() {
  write('lambdas/courses/a.ts', 'export const a = 1;\n');
  write('lambdas/courses/private.ts', "import { a } from './a';\nexport const b = a + 1;\n");
  write('lambdas/courses/index.ts', "export { a } from './a';\n");
}

test('a group importing a file inside another group is refused, naming the door', async () => {
  courses();
  write('lambdas/jobs/deep.ts', "import { b } from '../courses/private';\nexport const c = b;\n");
  const found = await lint('lambdas/jobs/deep.ts');
  expect(found['lambdas/jobs/deep.ts']).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*import from '\.\.\/courses' \(its index\.ts\)/)]);
});

test('a group importing another through its index.ts, and a room importing its own files, pass', async () => {
  courses();
  write('lambdas/jobs/door.ts', "import { a } from '../courses';\nexport const c = a;\n");
  const found = await lint('lambdas/jobs/door.ts', 'lambdas/courses/private.ts', 'lambdas/courses/index.ts');
  expect(found).toEqual({ 'lambdas/jobs/door.ts': [], 'lambdas/courses/private.ts': [], 'lambdas/courses/index.ts': [] });
});

test('lambdas/shared importing a group, even through its door, is refused', async () => {
  courses();
  write('lambdas/shared/helper.ts', "import { a } from '../courses';\nexport const h = a;\n");
  const found = await lint('lambdas/shared/helper.ts');
  expect(found['lambdas/shared/helper.ts']).toEqual([expect.stringMatching(/^boundaries\/dependencies: lambdas\/shared imports no route group/)]);
});

test('a web feature importing a file inside another feature is refused; through its index.ts it passes', async () => {
  write('web/src/features/course/badge.tsx', 'export const Badge = () => <span>Nuevo</span>;\n');
  write('web/src/features/course/index.ts', "export { Badge } from './badge';\n");
  write('web/src/features/dashboard/deep.tsx', "import { Badge } from '../course/badge';\nexport const Card = () => <Badge />;\n");
  write('web/src/features/dashboard/door.tsx', "import { Badge } from '../course';\nexport const Card = () => <Badge />;\n");
  const found = await lint('web/src/features/dashboard/deep.tsx', 'web/src/features/dashboard/door.tsx');
  expect(found['web/src/features/dashboard/deep.tsx']).toEqual([expect.stringMatching(/^boundaries\/dependencies: Another web feature is entered through its public module/)]);
  expect(found['web/src/features/dashboard/door.tsx']).toEqual([]);
});

test('two modules importing each other are refused by import-x/no-cycle', async () => {
  write('lambdas/review/one.ts', "import { two } from './two';\nexport const one = () => two();\n");
  write('lambdas/review/two.ts', "import { one } from './one';\nexport const two = (): number => one();\n");
  const found = await lint('lambdas/review/one.ts', 'lambdas/review/two.ts');
  expect(found['lambdas/review/one.ts']).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  expect(found['lambdas/review/two.ts']).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
});

test('two rooms whose public modules re-export files that import each other are refused (a cycle through index.ts)', async () => {
  write('lambdas/courses/index.ts', "export { start } from './start';\n");
  write('lambdas/courses/start.ts', "import { certify } from '../certificates';\nexport const start = () => certify();\n");
  write('lambdas/certificates/index.ts', "export { certify } from './certify';\n");
  write('lambdas/certificates/certify.ts', "import { start } from '../courses';\nexport const certify = (): number => start();\n");
  const found = await lint('lambdas/courses/start.ts', 'lambdas/certificates/certify.ts');
  expect(found['lambdas/courses/start.ts']).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  expect(found['lambdas/certificates/certify.ts']).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
});
