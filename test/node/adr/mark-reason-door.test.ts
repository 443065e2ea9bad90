import { describe, expect, it } from 'vitest';
import { dispatch, type LensHandlers } from '../../../electron/api/api-dispatch';
import { wordCore } from '../../../shared/core-catalogues';

/** The dispatch with adr.mark and adr.unmark handlers that keep what reaches them (a mark is written by the handler). */
function door() {
  const received: unknown[] = [];
  const keep = async (input: unknown) => {
    received.push(input);
    return {};
  };
  return { received, handlers: { 'adr.mark': keep, 'adr.unmark': keep } as unknown as LensHandlers };
}

describe('the reason of a stale mark at the door', () => {
  it.each([
    ['adr.mark', '\u0000'],
    ['adr.mark', '\u202e\u200b'],
    ['adr.unmark', '\u0007\u2066'],
  ] as const)(
    'refuses %s with a reason of only control or invisible characters (%j), saying to say why in words, and writes nothing',
    async (operation, reason) => {
      const { received, handlers } = door();
      const answer = await dispatch(handlers, operation, { adr: 'ADR-004', reason });
      const error = answer.ok ? undefined : answer.error;
      expect(error?.kind).toBe('invalid_input');
      expect(error?.message).toBe(
        `${operation}: reason — holds no letter, digit or sign, only control or invisible characters (such as U+0000 or U+202E): say why in words, e.g. --reason "replaced by ADR-014".`,
      );
      expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toContain('이유를 말로 적으세요');
      expect(received).toEqual([]);
    },
  );

  it.each([
    ['adr.mark', 'stale\u0007 because\u001b[31m', 'the control character U+0007 at character 6', '6번째 글자에 제어 문자 U+0007'],
    ['adr.mark', 'replaced\u0000 by ADR-014', 'the control character U+0000 at character 9', '9번째 글자에 제어 문자 U+0000'],
    ['adr.unmark', 'back in force \u0085', 'the control character U+0085 at character 15', '15번째 글자에 제어 문자 U+0085'],
    [
      'adr.mark',
      'see \u202eADR-014',
      'the bidirectional formatting character U+202E at character 5',
      '5번째 글자에 양방향 서식 문자 U+202E',
    ],
  ] as const)(
    'refuses %s with a reason that holds a control or reordering character among its words (%j), naming it and where it stands, and writes nothing',
    async (operation, reason, english, korean) => {
      const { received, handlers } = door();
      const answer = await dispatch(handlers, operation, { adr: 'ADR-004', reason });
      const error = answer.ok ? undefined : answer.error;
      expect(error?.kind).toBe('invalid_input');
      expect(error?.message).toBe(
        `${operation}: reason — holds ${english}, ${english.includes('bidirectional') ? 'which reorders how the text around it reads; write the text without it' : 'which does not show and is kept as given; write the text without it (type it rather than paste it)'}.`,
      );
      expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toContain(korean);
      expect(received).toEqual([]);
    },
  );

  it('takes a reason in any script, or of signs alone, over several lines with tabs', async () => {
    for (const reason of ['ADR-014로 대체됨', '→ ADR-014', 'replaced by ADR-014\n\tsee the\r\nincident']) {
      const { received, handlers } = door();
      await dispatch(handlers, 'adr.mark', { adr: 'ADR-004', reason });
      // Past the door: the handler got it (its stand-in answer then fails the output schema, which is not what is tested).
      expect(received).toEqual([{ adr: 'ADR-004', reason }]);
    }
  });
});
