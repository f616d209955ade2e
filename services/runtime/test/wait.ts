/**
 * Polls until `cond` holds. Tests wait for outcomes, never for a fixed time: a slow machine makes a
 * test slower, not red. Throws with `what` when the condition never comes true.
 */
export async function waitFor(
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await cond()) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
