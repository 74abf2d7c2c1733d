/**
 * Resolves as `p` does, or rejects with "timed out after N ms<suffix>" once `ms` pass: the
 * simulator ends a run with a clear time-out, never a hang. The timer is always cleared.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, suffix: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms${suffix}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
