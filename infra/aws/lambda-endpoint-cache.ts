// Bundled in place of `@aws-sdk/endpoint-cache` (see ESBUILD_OPTIONS.alias). The DynamoDB client
// always builds this cache for endpoint discovery, which Mentora never turns on, and the original
// brings `mnemonist` and `obliterator` (7 KB of every bundle) for its LRU. Same interface and
// behaviour on a Map, whose insertion order gives the same least-recently-used eviction.

interface Endpoint {
  Address: string;
  CachePeriodInMinutes: number;
}
interface EndpointWithExpiry {
  Address: string;
  Expires: number;
}

export class EndpointCache {
  private readonly cache = new Map<string, EndpointWithExpiry[]>();

  constructor(private readonly capacity: number) {}

  getEndpoint(key: string): string | undefined {
    const endpoints = this.get(key);
    if (!endpoints?.length) return undefined;
    return endpoints[Math.floor(Math.random() * endpoints.length)].Address;
  }

  get(key: string): EndpointWithExpiry[] | undefined {
    if (!this.has(key)) return undefined;
    const value = this.cache.get(key)!;
    // Touch: most recently used goes last.
    this.cache.delete(key);
    this.cache.set(key, value);
    const live = value.filter((e) => Date.now() < e.Expires);
    if (!live.length) {
      this.delete(key);
      return undefined;
    }
    return live;
  }

  set(key: string, endpoints: Endpoint[]) {
    const now = Date.now();
    this.cache.delete(key);
    this.cache.set(key, endpoints.map(({ Address, CachePeriodInMinutes }) => ({ Address, Expires: now + CachePeriodInMinutes * 60 * 1000 })));
    if (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
  }

  delete(key: string) {
    this.set(key, []);
  }

  has(key: string) {
    return (this.cache.get(key)?.length ?? 0) > 0;
  }

  clear() {
    this.cache.clear();
  }
}
