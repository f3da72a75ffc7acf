import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcesOfType } from './synth-mentora';
import { templatesOf } from './synth-cache';

// Issue 34 item 11: local, CI and Lambda run the same Node major. `engines` names it, the `node`
// devDependency brings that Node from the npm registry to a machine that has only Node 20 (npm puts
// node_modules/.bin first on the PATH of every npm script, so `npm start` and `npm test` run on it),
// and every Lambda function is deployed on that major's runtime.

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
const major = Number(/^(\d+)\.x$/.exec(pkg.engines.node)?.[1]);

describe('one Node major for local, CI and Lambda', () => {
  it('names one major in engines and pins the node devDependency to it', () => {
    expect(major).toBeGreaterThanOrEqual(22);
    expect(Number(pkg.devDependencies.node.split('.')[0])).toBe(major);
  });

  it('runs these tests on that major (npm test takes it from node_modules/.bin)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(major);
  });

  it('deploys every Node.js Lambda function on that major', () => {
    // CDK's BucketDeployment is Python (the web's upload to S3): not ours to run locally.
    const runtimes = new Set(resourcesOfType(templatesOf({ stage: 'dev' }).json, 'AWS::Lambda::Function').map(([, fn]) => fn.Properties.Runtime as string));
    expect([...runtimes].filter((r) => r.startsWith('nodejs'))).toEqual([`nodejs${major}.x`]);
  });
});
