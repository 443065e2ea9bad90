// A suite's document_id_regex matches in time linear in the id: an automaton of the pattern, all of
// whose states are followed at once. JavaScript's backtracking engine took polynomial time on shapes
// such as ^.*.*.*.*.*.*.*.*.*x$ (11 s on a 40-character id) and exponential on (a+)+.
import { describe, expect, it } from 'vitest';
import { compileIdRegex, idRegexRefusal, MAX_STATES } from '../../../shared/audit/id-regex';
import { DocumentMatch, matchedCriterion } from '../../../shared/audit/document-match';
import { schemaProblem } from '../../../shared/api/schema-message';
import { wordCore } from '../../../shared/core-catalogues';

/** A small deterministic generator (mulberry32), so a failing case is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATOMS = [
  'a',
  'b',
  '-',
  '1',
  '한',
  '.',
  '\\d',
  '\\w',
  '\\W',
  '\\s',
  '[ab]',
  '[^a]',
  '[a-c1]',
  '[^]',
  '[]',
  '\\/',
  '\\.',
  '\\u0061',
  '\\x2d',
  '\\p{L}',
  '\\P{L}',
  '😀',
  '\\n',
];
const ASSERTIONS = ['^', '$', '\\b', '\\B'];
const QUANTIFIERS = ['*', '+', '?', '{2}', '{0,2}', '{1,}', '{2,3}', '*?', '+?', '??', '{1,2}?', '{0}'];
const TEXT = ['a', 'b', '-', '1', '한', ' ', '\n', '😀', 'c', '_'];

function pattern(next: () => number, depth: number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const alternatives = 1 + (next() < 0.2 ? 1 : 0) + (next() < 0.1 ? 1 : 0);
  const options: string[] = [];
  for (let option = 0; option < alternatives; option++) {
    let sequence = '';
    const terms = Math.floor(next() * 4);
    for (let term = 0; term < terms; term++) {
      const roll = next();
      if (roll < 0.12) {
        sequence += pick(ASSERTIONS);
        continue;
      }
      const atom =
        roll < 0.3 && depth < 3 ? `(${pick(['', '?:', '?<n' + depth + term + option + '>'])}${pattern(next, depth + 1)})` : pick(ATOMS);
      sequence += next() < 0.4 ? atom + pick(QUANTIFIERS) : atom;
    }
    options.push(sequence);
  }
  return options.join('|');
}

function text(next: () => number): string {
  const length = Math.floor(next() * 7);
  let written = '';
  for (let i = 0; i < length; i++) written += TEXT[Math.floor(next() * TEXT.length)];
  return written;
}

describe('document_id_regex matcher', () => {
  it('says what JavaScript says on thousands of generated patterns and ids (seeded)', () => {
    const next = random(20261205);
    let compared = 0;
    let matches = 0;
    for (let round = 0; round < 1500; round++) {
      const source = pattern(next, 0);
      let native: RegExp;
      try {
        native = new RegExp(source, 'u');
      } catch {
        continue; // A named group repeated in two alternatives, say: the schema refuses it as invalid.
      }
      const named = source.includes('(?<') ? source.match(/\(\?<(\w+)>/g) : null;
      if (named && new Set(named).size !== named.length) continue;
      expect({ source, refusal: idRegexRefusal(source) }).toEqual({ source, refusal: null });
      const compiled = compileIdRegex(source);
      for (let sample = 0; sample < 12; sample++) {
        const id = text(next);
        const expected = native.test(id);
        expect({ source, id, matched: compiled.test(id) }).toEqual({ source, id, matched: expected });
        compared += 1;
        if (expected) matches += 1;
      }
    }
    // Both answers are well represented, so the comparison is not vacuous.
    expect(compared).toBeGreaterThan(10_000);
    expect(matches).toBeGreaterThan(compared / 10);
    expect(compared - matches).toBeGreaterThan(compared / 10);
  });

  it('agrees with JavaScript on hand-picked shapes: anchors, boundaries, counts, surrogate pairs, empty loops', () => {
    const cases: [string, string[]][] = [
      ['^policy-hr-', ['policy-hr-salary', 'xpolicy-hr-', 'policy-h']],
      ['^(policy|hr)-.*$', ['hr-a', 'policy-', 'eng-a', 'hr\n-']],
      ['^adr-\\d{4}$', ['adr-0005', 'adr-005', 'adr-00055']],
      ['(?:ab)+c', ['ababc', 'ac', 'xabcx']],
      ['^(a+)+$', ['aaaa', 'aaab', '']],
      ['(a*)*b', ['b', 'aab', 'aaa']],
      ['(?:a?){3}b', ['b', 'ab', 'aaab', 'aaaab']],
      ['\\bhr\\b', ['hr-pay', 'hrpay', 'x hr']],
      ['\\Bhr', ['ahr', 'hr']],
      ['^\\uD83D\\uDE00$', ['😀', '\uD83D']],
      ['^\\u{1F600}.$', ['😀😀', '😀']],
      ['^[^\\]]+$', ['abc', 'a]c']],
      ['x{0}y', ['y', 'xy']],
      ['^(?<kind>adr|inc)-', ['adr-1', 'inc-1', 'run-1']],
      ['^인사/', ['인사/pay', '사/pay']],
      ['a{2,}?$', ['aa', 'a', 'baaa']],
      ['^\\cJ$', ['\n', 'J']],
    ];
    for (const [source, ids] of cases)
      for (const id of ids)
        expect({ source, id, matched: compileIdRegex(source).test(id) }).toEqual({ source, id, matched: new RegExp(source, 'u').test(id) });
  });

  it('judges ^.*.*.*.*.*.*.*.*.*x$ on a 2,000-character id in at most (length + 1) × states steps', () => {
    const compiled = compileIdRegex('^.*.*.*.*.*.*.*.*.*x$');
    const id = 'a'.repeat(2_000);
    const miss = compiled.run(id);
    expect(miss.matched).toBe(false);
    expect(miss.steps).toBeLessThanOrEqual((id.length + 1) * compiled.states);
    expect(compiled.states).toBeLessThan(40);
    const hit = compiled.run(`${id}x`);
    expect(hit.matched).toBe(true);
    expect(hit.steps).toBeLessThanOrEqual((id.length + 2) * compiled.states);
    // And through the audit's own criterion, which used to hand the pattern to JavaScript's engine.
    const item = { document_id: 'a'.repeat(2_000), doc_type: 'adr', source_uri: 'file:///a.md' };
    expect(matchedCriterion({ document_id_regex: '^.*.*.*.*.*.*.*.*.*x$' }, item)).toBeNull();
    expect(matchedCriterion({ document_id_regex: '^(a|aa)+$' }, { ...item, document_id: `${item.document_id}b` })).toBeNull();
    expect(matchedCriterion({ document_id_regex: '^(a|aa)+$' }, item)).toBe('document_id_regex ^(a|aa)+$');
  });

  it('refuses what it cannot match in linear time, by code: back-references, look-around, huge counts, and invalid syntax', () => {
    const refusals: [string, string][] = [
      ['(a)\\1', 'regex_backreference'],
      ['(?<x>a)\\k<x>', 'regex_backreference'],
      ['^(?=policy-)', 'regex_lookaround'],
      ['^(?!draft-)', 'regex_lookaround'],
      ['(?<=hr-)pay', 'regex_lookaround'],
      ['(?<!hr-)pay', 'regex_lookaround'],
      ['\\d{1,100000}', 'regex_too_large'],
      ['(?:(?:a{100}){100})', 'regex_too_large'],
      [`a{${'9'.repeat(400)}}`, 'regex_too_large'],
      ['policy-(hr', 'regex_invalid'],
      ['a{2,1}', 'regex_invalid'],
    ];
    for (const [source, refusal] of refusals) expect({ source, refusal: idRegexRefusal(source) }).toEqual({ source, refusal });
    expect(idRegexRefusal(`a{${MAX_STATES / 4}}`)).toBeNull();
    expect(() => compileIdRegex('(a)\\1')).toThrow();
  });

  it.each([
    ['(a)\\1', 'regex_backreference', 'refers back to a group', '그룹을 다시 참조하므로'],
    ['^(?!draft-)', 'regex_lookaround', 'looks ahead or behind', '앞이나 뒤를 살피므로'],
    // The limit is written into both sentences by hand: they must name the one the matcher applies.
    ['x{1,99999}', 'regex_too_large', `more than ${MAX_STATES} states`, `상태가 ${MAX_STATES}개를 넘게`],
    ['policy-(hr', 'regex_invalid', 'is not a valid regular expression', '올바른 정규식이 아닙니다'],
  ])('refuses %s in a suite by the schema code %s, worded in English and Korean', (pattern, code, english, korean) => {
    const parsed = DocumentMatch.safeParse({ document_id_regex: pattern });
    if (parsed.success) throw new Error(`expected ${pattern} to be refused`);
    const said = schemaProblem('audit.run', parsed.error);
    expect(said.params).toMatchObject({ path: 'document_id_regex', issue: [{ code: `error_schema:${code}`, params: {} }] });
    expect(wordCore(said, 'en')).toContain(english);
    expect(wordCore(said, 'ko')).toContain(korean);
  });
});
