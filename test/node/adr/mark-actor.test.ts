import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { markActor } from '../../../electron/adr/mark-actor';

describe('who records a stale mark', () => {
  it('is LENS_USER when it is set', () => {
    expect(markActor({ LENS_USER: '  u-seoyeon ' })).toBe('u-seoyeon');
  });

  it('refuses a LENS_USER holding a control or reordering character, naming it and what to set, rather than record it', () => {
    let error: unknown;
    try {
      markActor({ LENS_USER: 'seo\u001b[2Jyeon' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message:
        'LENS_USER, the name a mark is recorded under, holds the control character U+001B at character 4, which does not show and is kept as given; write the text without it (type it rather than paste it).',
    });
  });

  it('is the OS user otherwise, a blank LENS_USER included', () => {
    expect(markActor({ LENS_USER: ' ' })).toBe(os.userInfo().username);
    expect(markActor({})).toBe(os.userInfo().username);
  });
});
