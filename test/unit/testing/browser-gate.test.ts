import { browserGate, browserProblem, inCI } from '../../support/e2e-browser';

// The browser tests never vanish silently from CI: a missing or broken Chromium fails the run
// there, and only a developer's machine gets a skip that says why.

describe('the e2e browser gate', () => {
  it('runs when Chromium starts', () => {
    expect(browserGate(undefined, true)).toEqual({ run: true });
    expect(browserGate(undefined, false)).toEqual({ run: true });
  });

  it('fails in CI, naming the problem', () => {
    expect(browserGate('Chromium not found at /usr/bin/chromium', true)).toEqual({
      run: false,
      fail: expect.stringMatching(/^e2e: Chromium not found at \/usr\/bin\/chromium\. .*CI/),
    });
  });

  it('skips with the reason on a developer machine', () => {
    expect(browserGate('Chromium not found at /usr/bin/chromium', false)).toEqual({ run: false, skip: 'Chromium not found at /usr/bin/chromium' });
  });

  it('counts CI as set for any value but false or 0', () => {
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'yes' }].map(inCI)).toEqual([true, true, true]);
    expect([{}, { CI: '' }, { CI: 'false' }, { CI: '0' }].map(inCI)).toEqual([false, false, false, false]);
  });

  it('reports a missing executable and a launch that fails', async () => {
    await expect(browserProblem('/nonexistent/chromium')).resolves.toMatch(/^Chromium not found at \/nonexistent\/chromium/);
    await expect(browserProblem(process.execPath, () => Promise.reject(new Error('spawn failed\nstack…')))).resolves.toBe(`Chromium at ${process.execPath} did not start: spawn failed`);
  });
});
