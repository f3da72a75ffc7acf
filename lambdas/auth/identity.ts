import type { Tokens } from '../contract';

/** The identity provider as the auth use cases need it; Cognito in every environment. */
export interface IdentityProvider {
  /** Creates an unconfirmed account and sends the code. Returns the user's id and a sign-in session. */
  signUp(input: { email: string; password: string; nombre: string }): Promise<{ userId: string; session: string | null }>;
  /** Confirms the code; returns the session that signs the learner in without the password. */
  confirmSignUp(input: { email: string; code: string; session?: string }): Promise<{ session: string | null }>;
  /** Exchanges a confirmation session for tokens (Cognito USER_AUTH). */
  signInWithSession(input: { email: string; session: string }): Promise<Tokens>;
  signIn(input: { email: string; password: string }): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  revoke(refreshToken: string): Promise<void>;
  /** Mails a code that lets the learner choose a new password (Cognito ForgotPassword). */
  forgotPassword(email: string): Promise<void>;
  /** Sets the new password if the code is right (Cognito ConfirmForgotPassword). */
  resetPassword(input: { email: string; code: string; password: string }): Promise<void>;
  /** Mails the owner of a taken address that someone tried to register with it (registration-notice.ts). */
  noticeTaken(email: string): Promise<void>;
  /** Mails a new sign-up confirmation code (Cognito ResendConfirmationCode). */
  resendCode(email: string): Promise<void>;
  /** The name the learner registered with, read with their own access token. */
  displayName(accessToken: string): Promise<string | undefined>;
}

/** Claims read from a Cognito id token issued to us. */
export interface IdentityClaims {
  sub: string;
  email: string;
  name?: string;
}

/** Verifies tokens the SPA received from the Hosted UI (social sign-in). */
export interface TokenVerifier {
  verifySocial(input: { accessToken: string; idToken?: string }): Promise<IdentityClaims>;
}
