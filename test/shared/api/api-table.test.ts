import { describe, expect, it } from 'vitest';
import { LENS_API } from '../../../shared/api/lens-api';
import { OPERATION_NAMES } from '../../../shared/api/operation-names';

describe('the API table', () => {
  it('has exactly the operations the preload exposes', () => {
    expect(Object.keys(LENS_API).sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('gives every operation an input and an output schema', () => {
    for (const name of OPERATION_NAMES) {
      expect(typeof LENS_API[name].input.safeParse, name).toBe('function');
      expect(typeof LENS_API[name].output.safeParse, name).toBe('function');
    }
  });
});
