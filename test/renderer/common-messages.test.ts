import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../renderer/shell/common-messages';

describe('the shell’s messages', () => {
  it('words every message in Korean as in English, and no other', () => {
    expect(Object.keys(commonMessages.ko).sort()).toEqual(Object.keys(commonMessages.en).sort());
  });

  it.each(['screen_loading', 'screen_load_failed', 'screen_reload'] as const)(
    'words %s, the frame of a lazily loaded screen, in both languages',
    (code) => {
      expect(commonMessages.en[code]).toMatch(/\w/);
      expect(commonMessages.ko[code]).toMatch(/[가-힣]/);
    },
  );
});
