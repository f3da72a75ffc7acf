import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESM_REQUIRE_BANNER, builtGroups } from '../../infra/aws/lambda-bundling';
import { resourcesOfType, synthMentora } from './synth-mentora';

// The one infra test that runs esbuild, as `npm run synth` does: the others skip bundling.
describe('Lambda bundles in the synthesized app', () => {
  let synth: ReturnType<typeof synthMentora>;
  let bundles: Map<string, { handler: string; dir: string }>;
  beforeAll(() => {
    synth = synthMentora({ stage: 'dev' }, true);
    bundles = new Map(
      resourcesOfType(synth.json, 'AWS::Lambda::Function')
        .filter(([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)
        .map(([, fn]) => [
          fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
          { handler: fn.Properties.Handler, dir: join(synth.outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`) },
        ]),
    );
  }, 300_000);

  it('bundles each implemented group and the pending handler', () => {
    expect([...bundles.keys()].sort()).toEqual([...builtGroups(), 'pending'].sort());
  });

  it.each([...builtGroups(), 'pending'])('ships %s as one minified ES module with its source map', (group) => {
    const { handler, dir } = bundles.get(group)!;
    expect(handler).toBe('index.handler');
    expect(readdirSync(dir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*\bas handler\b|export\s*\{\s*handler\s*\}/);
    // Minified: long lines (only template literals keep their newlines), not the source's layout.
    expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
  });

  it('uses only environment credentials inside the bundle, not the SDK default chain', () => {
    const code = readFileSync(join(bundles.get('users')!.dir, 'index.mjs'), 'utf8');
    expect(code).not.toMatch(/credential-provider-sso|AWS_SSO_|sso_start_url/i);
  });
});
