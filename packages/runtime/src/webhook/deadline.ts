// Runs a handler against a deadline, aborting its signal when the time is up.
export class DeadlineExceededError extends Error {
  constructor(timeoutMs: number) {
    super(`handler did not answer within ${timeoutMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

export async function runWithDeadline<T>(
  fn: (signal: AbortSignal) => T | Promise<T>,
  timeoutMs: number,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onParentAbort = (): void => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onParentAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new DeadlineExceededError(timeoutMs);
      controller.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    // Promise.resolve().then turns a synchronous throw into a rejection like an async one.
    return await Promise.race([Promise.resolve().then(() => fn(controller.signal)), deadline]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onParentAbort);
  }
}
