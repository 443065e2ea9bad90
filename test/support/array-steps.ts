// Work counted, not timed: each step of an array iterator (what a spread `[...list]`, a for…of or a
// destructuring takes one element at a time). A list copied whole on every add grows with the square
// of what is added; a list grown in place grows with it, so a size ratio tells the two apart.

const arrayIterator = Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator) as PropertyDescriptor;

/** The array-iterator steps `run` takes (each element a spread, for…of or destructuring reads). */
export function arraySteps(run: () => void): number {
  const original = arrayIterator.value as (this: unknown[]) => Iterator<unknown>;
  let steps = 0;
  Object.defineProperty(Array.prototype, Symbol.iterator, {
    ...arrayIterator,
    value: function counted(this: unknown[]) {
      const inner = original.call(this);
      return {
        next: () => {
          steps += 1;
          return inner.next();
        },
        [Symbol.iterator]() {
          return this;
        },
      };
    },
  });
  try {
    run();
  } finally {
    restoreArrayIterator();
  }
  return steps;
}

/** Puts the array iterator back (for an `afterEach`, should a run have thrown past `arraySteps`). */
export function restoreArrayIterator(): void {
  Object.defineProperty(Array.prototype, Symbol.iterator, arrayIterator);
}
