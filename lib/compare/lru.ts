/**
 * A small least-recently-used map kept on globalThis, so a server process keeps one per name
 * across requests (and dev reloads). Holds values whose inputs never change: finished runs.
 */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
  }

  clear(): void {
    this.map.clear();
  }
}

const store = globalThis as unknown as { turnwiseCompareCaches?: Map<string, Lru<unknown>> };

export function processLru<V>(name: string, limit: number): Lru<V> {
  store.turnwiseCompareCaches ??= new Map();
  let lru = store.turnwiseCompareCaches.get(name) as Lru<V> | undefined;
  if (!lru) {
    lru = new Lru<V>(limit);
    store.turnwiseCompareCaches.set(name, lru);
  }
  return lru;
}
