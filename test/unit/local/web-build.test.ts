import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleWebBuild } from '../../../infra/local/web-build';

// npm start builds the SPA only when its build is missing or older than what it is built from.
function tree() {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(root, 'web/src/features'), { recursive: true });
  mkdirSync(join(root, 'lambdas/contract'), { recursive: true });
  writeFileSync(join(root, 'web/src/features/page.tsx'), 'x');
  writeFileSync(join(root, 'lambdas/contract/routes.ts'), 'x');
  const old = new Date(Date.now() - 60_000);
  for (const f of ['web/src/features/page.tsx', 'lambdas/contract/routes.ts', 'web/src/features', 'web/src', 'lambdas/contract']) utimesSync(join(root, f), old, old);
  return root;
}

describe('the production build npm start serves', () => {
  it('is built when there is none', () => {
    expect(staleWebBuild(tree())).toBe('no hay compilación');
  });

  it('is kept when it is newer than every input', () => {
    const root = tree();
    mkdirSync(join(root, 'web/dist'));
    writeFileSync(join(root, 'web/dist/index.html'), '<!doctype html>');
    expect(staleWebBuild(root)).toBeUndefined();
  });

  it('is built again when a web source or the API contract changed after it', () => {
    const root = tree();
    mkdirSync(join(root, 'web/dist'));
    writeFileSync(join(root, 'web/dist/index.html'), '<!doctype html>');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'lambdas/contract/routes.ts'), later, later);
    expect(staleWebBuild(root)).toBe('lambdas/contract ha cambiado');
    utimesSync(join(root, 'web/src/features/page.tsx'), later, later);
    expect(staleWebBuild(root)).toBe('web/src ha cambiado');
  });
});
