import type { RuntimeConfig } from '../../../lambdas/contract/runtime-config';

// The runtime configuration comes from GET /config.json so that one build serves every
// environment (DESIGN §5). It is fetched once, at start, without blocking the first paint.

let pending: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } }).then((res) => {
    if (!res.ok) throw new Error(`No se pudo cargar la configuración (${res.status})`);
    return res.json() as Promise<RuntimeConfig>;
  });
  // A failed fetch must not poison every later call: let the next caller try again.
  pending.catch(() => (pending = undefined));
  return pending;
}

/** Tests and the start-up code can inject a configuration directly. */
export function setRuntimeConfig(config: RuntimeConfig | undefined): void {
  pending = config ? Promise.resolve(config) : undefined;
}
