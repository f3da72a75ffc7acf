import { createChallenge, defineChallenge, verifyChallenge, type ProofStore } from '../../../lambdas/auth/one-time-sign-in';

// The one-time sign-in's triggers (docs/lti.md "Signing in"): one custom challenge, no second try, and an
// answer right only when the store spends that account's proof.

const right = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: true };
const wrong = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false };

test('Define: a custom challenge first; tokens after one right answer; a wrong answer fails, with no second try', () => {
  expect(defineChallenge([])).toEqual({ challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false });
  expect(defineChallenge([right])).toEqual({ issueTokens: true, failAuthentication: false });
  expect(defineChallenge([wrong])).toEqual({ issueTokens: false, failAuthentication: true });
  expect(defineChallenge([wrong, right])).toEqual({ issueTokens: false, failAuthentication: true });
  // A password step (SRP) passed is not this challenge.
  expect(defineChallenge([{ challengeName: 'SRP_A', challengeResult: true }])).toEqual({ issueTokens: false, failAuthentication: true });
});

test('Create shows nothing secret', () => {
  expect(createChallenge().privateChallengeParameters).toEqual({});
});

test('Verify asks the store for this account\'s proof, and nothing for an empty answer or no account', async () => {
  const asked: unknown[] = [];
  const proofs: ProofStore = { keep: async () => undefined, consume: async (...args) => { asked.push(args); return args[0] === 'buena'; } };
  expect(await verifyChallenge(proofs, 'u-1', 'buena', 100)).toBe(true);
  expect(await verifyChallenge(proofs, 'u-1', 'mala', 100)).toBe(false);
  expect(await verifyChallenge(proofs, 'u-1', '', 100)).toBe(false);
  expect(await verifyChallenge(proofs, undefined, 'buena', 100)).toBe(false);
  expect(await verifyChallenge(proofs, 'u-1', { no: 'texto' }, 100)).toBe(false);
  expect(asked).toEqual([['buena', 'u-1', 100], ['mala', 'u-1', 100]]);
});
