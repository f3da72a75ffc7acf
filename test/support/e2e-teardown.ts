export default async function teardown() {
  const stack = (globalThis as Record<string, unknown>).__MENTORA_E2E_STACK__ as { stop(): Promise<void> } | undefined;
  const browser = (globalThis as Record<string, unknown>).__MENTORA_E2E_BROWSER__ as { close(): Promise<void> } | undefined;
  await Promise.all([stack?.stop(), browser?.close()]);
}
