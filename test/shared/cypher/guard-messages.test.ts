import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { checkCypherText } from '../../../shared/cypher/cypher-guard';
import { GUARD_MESSAGES } from '../../../shared/cypher/guard-messages';

/** The refusal of a text, as the guard gives it. */
function refusal(text: string, maxLength?: number) {
  const verdict = checkCypherText(text, maxLength === undefined ? {} : { maxLength });
  if (verdict.allowed) throw new Error(`The guard allowed ${text}`);
  return verdict;
}

describe('a guard refusal as a message code', () => {
  it('keeps the English reason the guard always gave, worded from its code', () => {
    expect(refusal('MATCH (n) DETACH DELETE n')).toEqual({
      allowed: false,
      rule: 'write_clause',
      reason: 'DETACH DELETE writes to the graph; the workbench only reads.',
      reason_code: 'guard:write_clause',
      reason_params: { clause: 'DETACH DELETE' },
    });
    expect(refusal('').reason).toBe('The query is empty.');
    expect(refusal('RETURN 1; RETURN 2').reason).toBe('The text holds 2 statements; run one statement at a time.');
    expect(refusal('RETURN 1', 3).reason).toBe(
      'The query is 8 characters long; the workbench checks and runs queries of at most 3 characters. Pass data as parameters instead of writing it into the text.',
    );
  });

  it('words each refusal in Korean from its code', () => {
    for (const text of ['MATCH (n) DETACH DELETE n', '', 'RETURN 1; RETURN 2', 'CALL dbms.killQuery("x")', 'EXPLAIN MATCH (n) RETURN n']) {
      const verdict = refusal(text);
      const korean = wordCore({ code: verdict.reason_code ?? '', params: verdict.reason_params ?? {} }, 'ko');
      expect(korean, text).toMatch(/[가-힣]/);
      expect(korean, text).not.toBe(verdict.reason);
    }
    expect(Object.keys(GUARD_MESSAGES.ko).sort()).toEqual(Object.keys(GUARD_MESSAGES.en).sort());
  });
});
