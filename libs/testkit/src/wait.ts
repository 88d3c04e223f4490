/** Polls until the condition holds; fails with the description after the timeout. */
export async function waitFor<T>(
  condition: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25, description = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Calls `attempt` until it stops throwing (a set-up call that depends on a projection another service fills from
 * NATS); after the timeout the last failure is thrown.
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  { timeoutMs = 10_000, intervalMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
