import { describe, expect, it } from 'vitest';
import { revealHidden } from '../../shared/revealed-text';

describe('revealHidden', () => {
  it('draws every bidi embedding, override and isolate as a visible token', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    expect(controls.map((char) => revealHidden(`a${char}b`))).toEqual([
      'a⟨U+202A⟩b',
      'a⟨U+202B⟩b',
      'a⟨U+202C⟩b',
      'a⟨U+202D⟩b',
      'a⟨U+202E⟩b',
      'a⟨U+2066⟩b',
      'a⟨U+2067⟩b',
      'a⟨U+2068⟩b',
      'a⟨U+2069⟩b',
    ]);
  });

  it('draws the invisible spaces that join nothing, so u-guest with one is not u-guest', () => {
    expect(revealHidden('u-guest\u200B')).toBe('u-guest⟨U+200B⟩');
    expect(revealHidden('\uFEFFu-\u2060guest')).toBe('⟨U+FEFF⟩u-⟨U+2060⟩guest');
  });

  it('leaves right-to-left text, its marks, zero-width joiners and Korean as they are', () => {
    for (const text of ['שלום עולם', 'abc\u200Fdef\u200E', '\u061Cمرحبا', '👩\u200D💻', '연봉 조정 2026', 'plain-id_42'])
      expect(revealHidden(text)).toBe(text);
  });
});
