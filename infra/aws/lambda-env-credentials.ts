// Bundled in place of `@aws-sdk/credential-provider-node` (see ESBUILD_OPTIONS.alias). On Lambda
// the execution role's credentials are always in the environment, so the default chain's SSO,
// profile, process and metadata providers are dead weight: about 130 KB of every bundle and
// their module init on each cold start. The local stack runs the handlers unbundled, unaffected.
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
