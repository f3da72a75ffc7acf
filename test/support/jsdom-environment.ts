import { TextDecoder, TextEncoder } from 'node:util';
import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom lacks what react-router's data APIs use (Request, Response, Headers, fetch,
 * AbortController, TextEncoder): copy Node's own into the test window.
 */
export default class MentoraJsdomEnvironment extends JSDOMEnvironment {
  async setup() {
    await super.setup();
    const g = this.global as unknown as Record<string, unknown>;
    Object.assign(g, { TextEncoder, TextDecoder, Request, Response, Headers, fetch, AbortController, AbortSignal, structuredClone });
  }
}
