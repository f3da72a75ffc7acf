// Bundled in place of `@aws-sdk/token-providers` (see ESBUILD_OPTIONS.alias). Bedrock Runtime's
// client offers bearer-token auth (Bedrock API keys) besides SigV4, and its token chain brings the
// SSO-OIDC client along: about 20 KB of every AI bundle, evaluated at a cold start. Our Lambdas sign
// with their execution role (SigV4) and never set AWS_BEARER_TOKEN_BEDROCK, so no token is ever
// asked for; if one were, this says why there is none instead of loading SSO.
const none = () =>
  Object.assign(new Error('Mentora signs Bedrock calls with the Lambda role (SigV4); bearer tokens are not bundled'), { name: 'TokenProviderError', tryNextLink: true });
const provider = () => (): Promise<never> => Promise.reject(none());
export const fromEnvSigningName = provider;
export const nodeProvider = provider;
export const fromSso = provider;
export const fromStatic = provider;
