import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { linkToExistingLearner, providerIdentity, type LinkPorts } from '../../../lambdas/auth/pre-sign-up';

const event = (over: { triggerSource?: string; userName?: string; email?: string; verified?: string } = {}) =>
  ({
    triggerSource: over.triggerSource ?? 'PreSignUp_ExternalProvider',
    userPoolId: 'eu-west-1_pool',
    userName: over.userName ?? 'Google_10571234',
    request: { userAttributes: { email: over.email ?? 'Ana@Example.com', email_verified: over.verified ?? 'true' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  }) as unknown as PreSignUpTriggerEvent;

function ports(existing?: string) {
  const links: unknown[][] = [];
  const asked: string[] = [];
  const p: LinkPorts = {
    async nativeUserWithEmail(_pool, email) {
      asked.push(email);
      return existing;
    },
    async link(...args) {
      links.push(args);
    },
  };
  return { p, links, asked };
}

describe('the pre-sign-up trigger links a provider identity to the learner with its email', () => {
  it('links Google_… to the existing email-and-password user', async () => {
    const { p, links, asked } = ports('b1c2-native-sub');
    const out = await linkToExistingLearner(p, event());
    expect(asked).toEqual(['ana@example.com']);
    expect(links).toEqual([['eu-west-1_pool', 'b1c2-native-sub', 'Google', '10571234']]);
    expect(out.response.autoConfirmUser).toBe(false);
  });

  it('lets a new person sign up as usual when no learner has the email', async () => {
    const { p, links } = ports(undefined);
    await linkToExistingLearner(p, event({ userName: 'Microsoft_abc_def' }));
    expect(links).toEqual([]);
  });

  it('never links on an email the provider did not verify', async () => {
    const { p, links, asked } = ports('b1c2-native-sub');
    await linkToExistingLearner(p, event({ verified: 'false' }));
    expect(asked).toEqual([]);
    expect(links).toEqual([]);
  });

  it('leaves ordinary sign-ups alone', async () => {
    const { p, asked } = ports('x');
    await linkToExistingLearner(p, event({ triggerSource: 'PreSignUp_SignUp' }));
    expect(asked).toEqual([]);
  });

  it('reads the provider and its user id from the user name', () => {
    expect(providerIdentity('Microsoft_abc_def')).toEqual(['Microsoft', 'abc_def']);
    expect(providerIdentity('sinproveedor')).toBeUndefined();
  });
});
