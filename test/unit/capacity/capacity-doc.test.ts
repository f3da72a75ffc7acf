import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AWS_DEFAULT_QUOTAS } from '../../../infra/aws-quotas';
import { LIMITS, withTables } from '../../../infra/capacity-report';
import { peakLoad } from '../../../infra/capacity';

// docs/capacity.md's tables are the capacity model's output (`npm run bench capacity-model` writes
// them): when a constant of the code moves, this fails until the doc is regenerated.

describe('docs/capacity.md', () => {
  const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'capacity.md'), 'utf8');

  it('holds exactly the tables the capacity model computes', () => {
    expect(doc).toBe(withTables(doc));
  });

  it('names a source and the date it was read for every default quota', () => {
    for (const quota of Object.values(AWS_DEFAULT_QUOTAS)) {
      expect(quota.source).toMatch(/^https:\/\//);
      expect(quota.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('finds the first wall in Bedrock tokens, at a few hundred daily learners, as the issue computed', () => {
    const first = [...LIMITS].sort((a, b) => a.quota / a.of(peakLoad(1, 8)) - b.quota / b.of(peakLoad(1, 8)))[0];
    expect(first.name).toMatch(/^Bedrock TPM/);
    const learners = first.quota / first.of(peakLoad(1, 8));
    expect(learners).toBeGreaterThan(100);
    expect(learners).toBeLessThan(1000);
  });
});
