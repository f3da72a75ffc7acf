// Bundled in place of `bowser` (see ESBUILD_OPTIONS.alias). @aws-sdk/core's browser user-agent
// provider imports it dynamically to parse `window.navigator.userAgent`; no Lambda has a window and
// the Node provider is the one the clients use, but with code splitting esbuild still writes every
// dynamic import's target as a chunk (34 KB beside each function that uses the SDK). The provider
// reads `parse` only when a window exists, and copes with no answer.
export const parse = (): undefined => undefined;
