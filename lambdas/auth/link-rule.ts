// Which pool user a first Google or Microsoft sign-in may be linked to (issue 20, item 4). Shared by
// the pre-sign-up trigger (lambdas/auth/pre-sign-up.ts) and the local Hosted UI that mirrors it
// (infra/local/cognito-federation.ts), so both decide alike.

export interface PoolUser {
  Username?: string;
  UserStatus?: string;
  Attributes?: { Name?: string; Value?: string }[];
}

/**
 * Only an account its owner has proven: CONFIRMED (the mailed code was typed) and with a verified
 * email. Anyone can sign up with someone else's address and never confirm it; linking to that
 * account would hand the stranger's password a door into the victim's Google sign-in.
 */
export function linkableUser(user: PoolUser): boolean {
  const verified = user.Attributes?.find((a) => a.Name === 'email_verified')?.Value === 'true';
  return user.UserStatus === 'CONFIRMED' && verified;
}
