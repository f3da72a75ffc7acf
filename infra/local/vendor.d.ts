// Packages of the local stack that ship no types of their own.
declare module 'selfsigned' {
  export function generate(
    attrs: { name: string; value: string }[],
    options: Record<string, unknown>,
  ): { private: string; public: string; cert: string };
  const selfsigned: { generate: typeof generate };
  export default selfsigned;
}
