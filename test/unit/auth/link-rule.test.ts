import { linkableUser } from '../../../lambdas/auth/link-rule';

const user = (UserStatus: string, verified?: string) => ({
  Username: 'u',
  UserStatus,
  Attributes: [{ Name: 'email', Value: 'ana@example.com' }, ...(verified ? [{ Name: 'email_verified', Value: verified }] : [])],
});

describe('which account a first provider sign-in may be linked to', () => {
  it('refuses an unconfirmed account, whoever registered it', () => {
    expect(linkableUser(user('UNCONFIRMED', 'true'))).toBe(false);
    expect(linkableUser(user('UNCONFIRMED'))).toBe(false);
  });
  it('refuses a confirmed account whose email was never verified', () => {
    expect(linkableUser(user('CONFIRMED'))).toBe(false);
    expect(linkableUser(user('CONFIRMED', 'false'))).toBe(false);
  });
  it('refuses another provider\'s user and one that must reset its password', () => {
    expect(linkableUser(user('EXTERNAL_PROVIDER', 'true'))).toBe(false);
    expect(linkableUser(user('RESET_REQUIRED', 'true'))).toBe(false);
  });
  it('accepts a confirmed account with a verified email', () => {
    expect(linkableUser(user('CONFIRMED', 'true'))).toBe(true);
  });
});
