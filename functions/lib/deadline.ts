/** A call given up because the function would otherwise run out of time for what must follow it. */
export class DeadlineExceeded extends Error {
  constructor(what: string) {
    super(`${what} did not finish in the time left`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Settles as `work` does, or rejects with DeadlineExceeded once `deadline` (epoch ms) has
 * passed. The work itself is not stopped: an answer that comes later is dropped.
 */
export function beforeDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what)), Math.max(0, deadline - Date.now()));
  });
  // A failure after the deadline has no one to tell.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
