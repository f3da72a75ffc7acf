export default async function teardown() {
  const stack = (globalThis as Record<string, unknown>).__MENTORA_HANDLERS_STACK__ as { stop(): Promise<void> } | undefined;
  await stack?.stop();
}
