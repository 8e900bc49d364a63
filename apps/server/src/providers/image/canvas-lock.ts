let tail: Promise<unknown> = Promise.resolve();

/**
 * Runs canvas work (drawing, decoding, encoding) one piece at a time in this process.
 * @napi-rs/canvas crashed the process with SIGSEGV (about one run in ten of the concurrent-drawing
 * test) when several pictures were drawn and encoded at once; in sequence it never did.
 */
export function withCanvas<T>(work: () => Promise<T>): Promise<T> {
  const run = tail.then(work, work);
  tail = run.catch(() => undefined);
  return run;
}
