import { checkSessionCutoff, SESSION_ENDED, untilValid, validFromAfter } from '../../../lambdas/shared/session-cutoff';

// Issue 20: a token issued before a sign-out everywhere acts for nobody. `iat` counts whole seconds.

const cutoffAt = (from: number | undefined) => ({ validFrom: async () => from });

describe('the session cutoff', () => {
  it('refuses a token issued before it, in Spanish, with 401', async () => {
    await expect(checkSessionCutoff(cutoffAt(1_000), 'u', { iat: 999 })).rejects.toMatchObject({ status: 401, message: SESSION_ENDED });
  });

  it('reads the claim as the authorizer passes it, a number or a string', async () => {
    await expect(checkSessionCutoff(cutoffAt(1_000), 'u', { iat: '999' })).rejects.toMatchObject({ status: 401 });
    await expect(checkSessionCutoff(cutoffAt(1_000), 'u', { iat: '1000' })).resolves.toBeUndefined();
  });

  it('refuses a token without an issue time once the learner has a cutoff', async () => {
    await expect(checkSessionCutoff(cutoffAt(1_000), 'u', {})).rejects.toMatchObject({ status: 401 });
  });

  it('lets every token through for a learner who never signed out everywhere', async () => {
    await expect(checkSessionCutoff(cutoffAt(undefined), 'u', {})).resolves.toBeUndefined();
  });

  it('counts the sign-out\'s own second as before it, and says how long a new sign-in must wait', () => {
    expect(validFromAfter(1_000_400)).toBe(1_001);
    expect(validFromAfter(1_000_000)).toBe(1_001);
    expect(untilValid(1_000_400, 1_000_450)).toBe(550);
    expect(untilValid(1_000_400, 1_001_000)).toBe(0);
  });
});
