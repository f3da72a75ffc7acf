// The provider the learner last started a social sign-in with (this tab only), which the linked-account
// retry (linked-retry.ts) starts again. A module of its own so that social-sign-in.ts, which
// linked-retry.ts loads lazily, does not import linked-retry.ts back (no import cycle).

const PROVIDER = 'mentora.socialProvider';

export function rememberSocialProvider(provider: string): void {
  sessionStorage.setItem(PROVIDER, provider);
}

export const rememberedSocialProvider = () => sessionStorage.getItem(PROVIDER);
