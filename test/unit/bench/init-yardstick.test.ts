import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeYardstick, yardstickSource, YARDSTICK_MS_AT_BUDGET } from '../../../scripts/bench/init-yardstick';
import { initSample } from '../../../scripts/bench/lambda-init';

// The cold-init bench's yardstick (issue 43) is calibrated once against the budget's machine
// (YARDSTICK_MS_AT_BUDGET): its text must be the same at every commit, or the calibration no longer holds.
// A change to the generator fails here until the constant is calibrated again (lambda-init-calibrate.ts)
// and this digest updated with it.

describe('the cold-init yardstick', () => {
  it('is the text it was calibrated with', () => {
    expect(createHash('sha256').update(yardstickSource()).digest('hex')).toBe('ff1e9306af526407e42ae39bd990260aeb5a12f93a3e1107493017ffc59962d6');
    expect(YARDSTICK_MS_AT_BUDGET).toBeGreaterThan(0);
  });

  it('imports in a fresh Node process through the bench\'s own probe', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yardstick-test-'));
    try {
      const sample = initSample(writeYardstick(dir), 'yardstick');
      expect(sample.cpu).toBeGreaterThan(0);
      expect(sample.wall).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
