/**
 * Coalesces lookups made in the same turn of the event loop into one load: under a burst of
 * requests, one query for many keys instead of one query each (each costs a round trip and two
 * socket writes, which dominate a small request's cost). A lone request waits only until the
 * loop's check phase (setImmediate), microseconds. At most `maxInFlight` loads run at once: keys
 * asked for meanwhile wait for one to end and leave together, so the busier the database, the
 * larger the batches (a burst's requests reach here over many turns of the loop, a few per turn).
 *
 * `load` receives distinct keys and returns what it found; keys it does not return resolve to
 * undefined. A failed load rejects every caller of that batch, and nothing else.
 */
export function batchLoader<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 500,
  maxInFlight = 2,
): (key: K) => Promise<V | undefined> {
  type Batch = Map<K, { resolve(v: V | undefined): void; reject(e: unknown): void }[]>;
  let pending: Batch | null = null;
  let scheduled = false;
  let inFlight = 0;

  const send = (batch: Batch) => {
    inFlight++;
    load([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        },
        (e: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
        },
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
  };
  const flush = () => {
    scheduled = false;
    // With the most loads running, the batch waits: the next one to end sends it.
    if (!pending || inFlight >= maxInFlight) return;
    const batch = pending;
    pending = null;
    send(batch);
  };
  const schedule = () => {
    if (scheduled || !pending) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const batch = (pending ??= new Map());
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // A full batch leaves now; the next key starts another.
      if (batch.size >= maxBatch) {
        pending = null;
        send(batch);
      } else schedule();
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
