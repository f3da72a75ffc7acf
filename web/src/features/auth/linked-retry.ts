// Cognito answers the very first Google/Microsoft sign-in that the pre-sign-up trigger links to an
// existing learner with an error on the redirect ("Already found an entry for username Google_…"):
// the link is made, but that one sign-in fails. The second attempt signs in, so it is made for the
// learner, once, with the same provider.

import { rememberedSocialProvider } from './social-provider';

const RETRIED = 'mentora.socialRetried';

/** True when the Hosted UI's error is the linking one and a second attempt has been started. */
export function retryLinkedSignIn(params: URLSearchParams): boolean {
  const provider = rememberedSocialProvider();
  const linking = /already found an entry for username/i.test(params.get('error_description') ?? '');
  if (!linking || !provider || sessionStorage.getItem(RETRIED)) {
    sessionStorage.removeItem(RETRIED);
    return false;
  }
  sessionStorage.setItem(RETRIED, '1');
  void import('./social-sign-in').then((m) => m.startSocialSignIn(provider as 'Google' | 'Microsoft'));
  return true;
}
