/**
 * Whether `value` nests arrays and objects more than `max` levels deep (a scalar is 0 deep, `[]` 1).
 * Walks with a stack of its own, so a value 100,000 levels deep is measured rather than overflowing
 * the call stack as `JSON.stringify` does.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > max) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}
