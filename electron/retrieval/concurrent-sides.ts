/**
 * Runs retrieval sides side by side and waits for every one of them. Like `Promise.all` it ends in
 * the failure that came first, but only once the other sides have settled too, so no side's read is
 * still running, or still writing to the run's log, after the run has ended.
 */
export async function allSides<T extends readonly unknown[]>(sides: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  let failure: { readonly error: unknown } | null = null;
  const settled = await Promise.allSettled(
    (sides as readonly Promise<unknown>[]).map((side) =>
      side.catch((error: unknown) => {
        failure ??= { error };
        throw error;
      }),
    ),
  );
  if (failure) throw (failure as { readonly error: unknown }).error;
  return settled.map((side) => (side as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
