import { describe, expect, it } from 'vitest';
import { dispatch, type LensHandlers } from '../../electron/api/api-dispatch';
import { wordCore } from '../../shared/core-catalogues';
import { schemaIssueSaid } from '../../shared/errors/schema-issue-messages';
import { unwantedCharacter, unwantedMessage } from '../../shared/visible-text';

describe('text a person types that the app keeps', () => {
  it.each([
    ['\u0000', 'one_line', 'text_control_char', 'U+0000'],
    ['\u007f', 'lines', 'text_control_char', 'U+007F'],
    ['\u009b', 'lines', 'text_control_char', 'U+009B'],
    ['\u000b', 'lines', 'text_control_char', 'U+000B'],
    ['\t', 'one_line', 'text_line_break', 'U+0009'],
    ['\u2028', 'one_line', 'text_line_break', 'U+2028'],
    ['\u2067', 'lines', 'text_bidi_char', 'U+2067'],
    ['\ud800', 'lines', 'text_lone_surrogate', 'U+D800'],
    ['\udfff', 'one_line', 'text_lone_surrogate', 'U+DFFF'],
  ] as const)('finds %j in a %s text, by code point and place, counting characters as a person does', (char, shape, code, point) => {
    // An emoji of two UTF-16 units before it counts once.
    expect(unwantedCharacter(`a😀${char}b`, shape)).toEqual({ code, params: { char: point, position: 3 } });
  });

  it('leaves tabs and line breaks in a text of several lines, and marks that only order words (U+200F), alone', () => {
    expect(unwantedCharacter('one\r\n\ttwo\u2029three', 'lines')).toBeNull();
    expect(unwantedCharacter('שלום\u200f ADR-014 결제', 'one_line')).toBeNull();
  });

  it('reads the sentence back to its code and parameters, so Korean words it, and nothing that merely looks like it', () => {
    const found = unwantedCharacter('ab\u0007', 'one_line');
    const message = unwantedMessage(found!);
    expect(wordCore(message, 'en')).toBe(
      'holds the control character U+0007 at character 3, which does not show and is kept as given; write the text without it (type it rather than paste it)',
    );
    expect(schemaIssueSaid(wordCore(message, 'en') ?? undefined)).toEqual({
      code: 'error_schema:text_control_char',
      params: { char: 'U+0007', position: '3' },
    });
    expect(wordCore(message, 'ko')).toContain('3번째 글자에 제어 문자 U+0007');
    expect(schemaIssueSaid('holds the control character U+0007 at character 3')).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'connections.save',
      { id: 'prod', uri: 'bolt://db:7687', user: 'reader\u001b[8m' },
      'connections.save: user — holds the control character U+001B at character 7',
    ],
    [
      'eval.run',
      { content: 'x', file_name: 'set.json', graph_label: 'nightly\u0085' },
      'eval.run: graph_label — holds the control character U+0085 at character 8',
    ],
    [
      'query.run',
      { request: { query: 'x', principal: 'u-guest', trace_id: 't-\u202egnp.exe' } },
      'trace_id — holds the bidirectional formatting character U+202E at character 3',
    ],
  ])('refuses at %s, naming the field, the character and its place, before the handler runs', async (operation, input, said) => {
    const reached: unknown[] = [];
    const handlers = { [operation]: async (value: unknown) => reached.push(value) } as unknown as LensHandlers;
    const answer = await dispatch(handlers, operation as 'connections.save', input as never);
    expect(answer.ok === false && answer.error.kind).toBe('invalid_input');
    expect(answer.ok === false && answer.error.message).toContain(said);
    expect(reached).toEqual([]);
  });
});
