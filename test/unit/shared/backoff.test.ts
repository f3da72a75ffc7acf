import { backoffPause } from '../../../lambdas/shared/backoff';

// Full jitter: a random wait below min(cap, base · 2^attempt); never the cap exceeded, never a fixed wait.
describe('backoffPause', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const settledAfter = async (ms: number, pause: Promise<void>) => {
    let done = false;
    void pause.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(ms);
    return done;
  };

  it('grows with the attempt and stops at the cap', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.99);
    expect(await settledAfter(78, backoffPause(3, 10, 100))).toBe(false); // 0.99 · 80 = 79.2 ms
    expect(await settledAfter(80, backoffPause(3, 10, 100))).toBe(true);
    expect(await settledAfter(100, backoffPause(9, 10, 100))).toBe(true); // 10 · 512 capped at 100
    expect(await settledAfter(98, backoffPause(9, 10, 100))).toBe(false);
  });

  it('is random: a low draw waits little', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.01);
    expect(await settledAfter(1, backoffPause(9, 10, 100))).toBe(true);
  });
});
