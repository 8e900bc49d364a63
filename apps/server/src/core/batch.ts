/**
 * Coalesces lookups made in the same turn of the event loop into one load: under a burst of
 * requests, one query for many keys instead of one query each (each costs a round trip and two
 * socket writes, which dominate a small request's cost). A lone request waits only until the
 * loop's check phase (setImmediate), microseconds.
 *
 * `load` receives distinct keys and returns what it found; keys it does not return resolve to
 * undefined. A failed load rejects every caller of that batch, and nothing else.
 */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500): (key: K) => Promise<V | undefined> {
  let pending: Map<K, { resolve(v: V | undefined): void; reject(e: unknown): void }[]> | null = null;

  const flush = (batch: NonNullable<typeof pending>) => {
    load([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      },
      (e: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
      },
    );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map());
        setImmediate(() => {
          if (pending === batch) pending = null;
          flush(batch);
        });
      }
      const batch = pending;
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // A full batch leaves now; the next key starts another.
      if (batch.size >= maxBatch) pending = null;
    });
}

/**
 * Counts the requests of one turn of the event loop and hands each one item of a single load
 * of that many (say, ids from a sequence): `load(n)` returns n items.
 */
export function batchTaker<V>(load: (count: number) => Promise<V[]>, maxBatch = 500): () => Promise<V> {
  // Each request is a key of its own, so none is merged with another.
  let next = 0;
  const take = batchLoader(async (keys: number[]) => {
    const items = await load(keys.length);
    if (items.length < keys.length) throw new Error(`batchTaker: asked for ${keys.length}, got ${items.length}`);
    return new Map(keys.map((k, i) => [k, items[i]!]));
  }, maxBatch);
  return async () => (await take(next++))!;
}
