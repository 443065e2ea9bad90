import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { markActor } from '../../../electron/adr/mark-actor';

describe('who records a stale mark', () => {
  it('is LENS_USER when it is set', () => {
    expect(markActor({ LENS_USER: '  u-seoyeon ' })).toBe('u-seoyeon');
  });

  it('is the OS user otherwise, a blank LENS_USER included', () => {
    expect(markActor({ LENS_USER: ' ' })).toBe(os.userInfo().username);
    expect(markActor({})).toBe(os.userInfo().username);
  });
});
