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
