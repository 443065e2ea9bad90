import { describe, expect, it } from 'vitest';
import { AdrMarkInput } from '../../shared/adr-marks';
import { anyWholeNumber, wholeNumber } from '../../electron/cli/commands/neo4j-command';
import { ContextRequest } from '../../shared/context-contract';

describe('the words a person reads for a bad mark reason or a bad number flag', () => {
  it('says an empty reason is empty and what to write, instead of "reason say why"', () => {
    for (const reason of ['', '   ']) {
      const parsed = AdrMarkInput.safeParse({ adr: 'ADR-004', reason });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('is empty: say why, e.g. --reason "replaced by ADR-014"');
    }
  });

  it('refuses what is no whole number without naming a range the request does not have (the request says 1 to 100 for top_k)', () => {
    expect(anyWholeNumber('7')).toBe(7);
    expect(anyWholeNumber('-3')).toBe(-3);
    for (const value of ['5.5', 'ten', '', '1e400']) expect(() => anyWholeNumber(value)).toThrow(`expected a whole number, got "${value}"`);
    // Digits past every number (Infinity) are refused too.
    expect(() => anyWholeNumber('9'.repeat(400))).toThrow('expected a whole number, got "999');
    // A whole number past the safe integers is one: the request's schema names the range (top_k: 1 to 100), not this flag.
    expect(anyWholeNumber('99999999999999999999999')).toBe(1e23);
    expect(
      ContextRequest.safeParse({ query: 'x', principal: 'u', top_k: anyWholeNumber('99999999999999999999999') }).error?.issues[0]?.message,
    ).toBe('must be 1 to 100');
  });

  it('refuses an empty or blank value for a ranged whole-number flag instead of reading it as 0 (prune --keep "" kept no run)', () => {
    const keep = wholeNumber(0, 100);
    expect(keep('0')).toBe(0);
    for (const value of ['', '   ', '\t']) expect(() => keep(value)).toThrow(`expected a whole number from 0 to 100, got "${value}"`);
  });
});
