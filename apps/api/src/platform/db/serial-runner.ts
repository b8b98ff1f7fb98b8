/**
 * One piece of database work at a time, in call order: each starts when the one before it has
 * settled (resolved or rejected), while callers may line up work ahead of time. For a transaction's
 * connection (node-postgres deprecates a query sent while another runs) and for work that must not
 * overlap with itself (e.g. creating the same new people from two import batches).
 */
export type SerialRunner = <T>(work: () => Promise<T>) => Promise<T>;

/** A new, empty {@link SerialRunner}. Each call resolves or rejects as its own `work` does. */
export function serialRunner(): SerialRunner {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const result = last.then(work, work);
    last = result.catch(() => undefined);
    return result;
  };
}
