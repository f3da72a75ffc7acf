import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The architecture rules of `npm run lint` (scripts/eslint-rooms.cjs, the same ones eslint.config.js uses)
// run on a small tree written for each test: they must refuse a deep import into another room, an import
// of a group from lambdas/shared, an import cycle (through index.ts re-exports too) and two rooms that depend
// on each other (a pair or a loop, with no module cycle), and let a door pass.
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
  // A module cycle between two rooms is also a two-way pair of rooms: both rules say so.
  for (const file of ['lambdas/courses/start.ts', 'lambdas/certificates/certify.ts']) {
    expect(found[file]).toHaveLength(2);
    expect(found[file]).toEqual(expect.arrayContaining([expect.stringMatching(/^import-x\/no-cycle: /), expect.stringMatching(/^rooms\/one-way: /)]));
  }
});

// rooms/one-way (scripts/eslint-one-way.cjs): rooms depend one way, which import-x/no-cycle does not see when
// each room's door lists other files than the ones that import back (no module cycle, a two-way pair of rooms).
const ONE_WAY = /^rooms\/one-way: /;

test('two lambdas rooms that import each other through their doors, with no module cycle, are refused both ways', async () => {
  write('lambdas/tutor/index.ts', "export type { TutorStore } from './tutor-store';\n");
  write('lambdas/tutor/tutor-store.ts', 'export interface TutorStore { turns(): string[] }\n');
  write('lambdas/tutor/handler.ts', "import { recordFeedback } from '../feedback';\nexport const handler = () => recordFeedback({ turns: () => [] });\n");
  write('lambdas/feedback/index.ts', "export { recordFeedback } from './use-cases';\n");
  write('lambdas/feedback/use-cases.ts', "import type { TutorStore } from '../tutor';\nexport const recordFeedback = (tutor: TutorStore) => tutor.turns().length;\n");
  const found = await lint('lambdas/tutor/handler.ts', 'lambdas/feedback/use-cases.ts');
  expect(found['lambdas/tutor/handler.ts']).toEqual([expect.stringMatching(ONE_WAY)]);
  expect(found['lambdas/tutor/handler.ts'][0]).toContain('lambdas/tutor imports lambdas/feedback, which already depends on lambdas/tutor (lambdas/feedback/use-cases.ts imports lambdas/tutor)');
  expect(found['lambdas/feedback/use-cases.ts']).toEqual([expect.stringMatching(ONE_WAY)]);
  // The rule is the one that sees it: neither the doors nor no-cycle have anything to say.
  expect([...found['lambdas/tutor/handler.ts'], ...found['lambdas/feedback/use-cases.ts']].filter((m) => !ONE_WAY.test(m))).toEqual([]);
});

/** Three web features, course → tutor → review, each through the other's door; `back`: review imports course too. */
function threeFeatures(back: boolean) {
  write('web/src/features/course/index.ts', "export { Course } from './course';\n");
  write('web/src/features/course/course.tsx', "import { Tutor } from '../tutor';\nexport const Course = () => <Tutor />;\n");
  write('web/src/features/tutor/index.ts', "export { Tutor } from './tutor';\n");
  write('web/src/features/tutor/tutor.tsx', "import { ReviewLink } from '../review';\nexport const Tutor = () => <ReviewLink />;\n");
  write('web/src/features/review/index.ts', "export { ReviewLink } from './review-link';\n");
  write('web/src/features/review/review-link.tsx', back
    ? "import { Course } from '../course';\nexport const ReviewLink = () => <a href=\"/review\"><Course /></a>;\n"
    : 'export const ReviewLink = () => <a href="/review">Repasar</a>;\n');
  return ['web/src/features/course/course.tsx', 'web/src/features/tutor/tutor.tsx', 'web/src/features/review/review-link.tsx'];
}

test('three web features that depend one way pass', async () => {
  expect(Object.values(await lint(...threeFeatures(false))).flat()).toEqual([]);
});

test('a loop of three web features is refused at each step, naming the way back', async () => {
  const files = threeFeatures(true);
  const found = await lint(...files);
  for (const file of files) expect(found[file].filter((m) => ONE_WAY.test(m))).toHaveLength(1);
  expect(found['web/src/features/review/review-link.tsx'].find((m) => ONE_WAY.test(m))).toContain(
    'web/src/features/review imports web/src/features/course, which already depends on web/src/features/review (web/src/features/course/course.tsx imports web/src/features/tutor; web/src/features/tutor/tutor.tsx imports web/src/features/review)',
  );
});

test('a room importing the floors (lambdas/shared, lambdas/contract) is no room pair', async () => {
  write('lambdas/shared/errors.ts', 'export const fail = () => 1;\n');
  write('lambdas/contract/index.ts', 'export const ROUTES = 1;\n');
  write('lambdas/jobs/index.ts', "import { fail } from '../shared/errors';\nimport { ROUTES } from '../contract';\nexport const jobs = fail() + ROUTES;\n");
  write('lambdas/courses/start.ts', "import { jobs } from '../jobs';\nimport { fail } from '../shared/errors';\nexport const start = jobs + fail();\n");
  expect(await lint('lambdas/jobs/index.ts', 'lambdas/courses/start.ts')).toEqual({ 'lambdas/jobs/index.ts': [], 'lambdas/courses/start.ts': [] });
});
