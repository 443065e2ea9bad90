import { describe, expect, it } from 'vitest';
import { terminalJson, terminalLine, terminalSafeDeep } from '../../../electron/cli/terminal-text';
import { terminalControlsIn } from '../../support/terminal-controls';

/** `ignore` in tag characters (U+E0069 …): invisible on a terminal, so `settle` + it printed as `settle`. */
const TAGGED = `settle${[...'ignore'].map((letter) => String.fromCodePoint(0xe0000 + letter.charCodeAt(0))).join('')}`;

describe('graph text on a terminal: the invisible format characters', () => {
  it.each([
    ['tag characters spelling a hidden word', TAGGED, 'settle\\u{e0069}\\u{e0067}\\u{e006e}\\u{e006f}\\u{e0072}\\u{e0065}'],
    ['the language tag', 'en\u{e0001}', 'en\\u{e0001}'],
    ['invisible operators', 'a\u2061b\u2062c\u2063d\u2064e', 'a\\u2061b\\u2062c\\u2063d\\u2064e'],
    ['deprecated format characters', '\u206agnp\u206f', '\\u206agnp\\u206f'],
    ['the Mongolian vowel separator', 'u\u180eguest', 'u\\u180eguest'],
    ['interlinear annotation marks', '\ufff9a\ufffab\ufffb', '\\ufff9a\\ufffab\\ufffb'],
    ['shorthand and musical format controls', 'x\u{1bca0}y\u{1d173}z', 'x\\u{1bca0}y\\u{1d173}z'],
  ])('escapes %s so a reader sees them', (_, text, shown) => {
    expect(terminalLine(text)).toBe(shown);
    expect(terminalControlsIn(terminalLine(text))).toEqual([]);
  });

  it('keeps what reads as written: zero-width joiners, emoji, Korean and other characters beyond the Basic Multilingual Plane', () => {
    const text = '👩\u200d💻 한글 \u0915\u094d\u200c\u0937 𝔘 😀';
    expect(terminalLine(text)).toBe(text);
  });

  it('escapes them in JSON so it parses back to the very same strings', () => {
    const value = { [`k${TAGGED}`]: [TAGGED, 'a\u2061b', '👩\u200d💻'] };
    const printed = terminalJson(value);
    expect(terminalControlsIn(printed)).toEqual([]);
    expect(printed).toContain('settle\\udb40\\udc69\\udb40\\udc67');
    expect(JSON.parse(printed)).toEqual(value);
  });

  it('escapes them in every string and key of a value printed for a person', () => {
    const printed = JSON.stringify(terminalSafeDeep({ [TAGGED]: { title: `ADR${TAGGED}`, ids: [TAGGED] } }));
    expect(terminalControlsIn(printed)).toEqual([]);
    expect(printed.match(/\\\\u\{e0069\}/g)).toHaveLength(3);
  });
});
