import { z } from 'zod';
import { codePointName } from './code-point';
import type { CoreMessage } from './core-message';
import { schemaIssue, schemaIssueText, schemaIssueTextWith, type SchemaIssueCode } from './errors/schema-issue-messages';

/**
 * Text a person types that the app keeps (a stale mark's reason, a principal's name, a saved query's
 * name, a question): what it may not hold. A control character (U+0000–U+001F, U+007F–U+009F) does
 * not show, yet was kept as given and only escaped when printed, so `stale\u0007 because` read as
 * "stale because" on a screen and rang a terminal's bell in a pasted log; a bidirectional override or
 * isolate (U+202A–U+202E, U+2066–U+2069) makes the text around it read in another order; half of a
 * surrogate pair standing alone (`\ud800` in JSON) was stored as U+FFFD, the text changed. Each is
 * refused where it is typed, naming the character and where it stands. A text of several lines (a
 * reason, a description, a question, Cypher) may hold tabs and line breaks; a one-line text (an id,
 * a name) may not.
 */
export type TextShape = 'one_line' | 'lines';

/** The characters a text of several lines keeps: tab, line feed and carriage return (a pasted Windows line end). */
const LINE_CHARACTERS = new Set(['\t', '\n', '\r']);
/** A line or paragraph separator, a line break in a one-line text as much as `\n`. */
const SEPARATORS = new Set(['\u2028', '\u2029']);
/** C0 and C1 controls and DEL, the general category Cc. */
const CONTROL = /^\p{Cc}$/u;
const BIDI_FORMATTING = /^[\u202a-\u202e\u2066-\u2069]$/u;
/** Half of a UTF-16 pair standing alone (JSON's `"\ud800"`): SQLite keeps text as UTF-8, where it becomes U+FFFD without a word. */
const LONE_SURROGATE = /^[\ud800-\udfff]$/;

/** The sentence that refuses a character: its code, and its parameters (the character as `U+0007`, its place counted from 1). */
export interface UnwantedCharacter {
  readonly code: SchemaIssueCode;
  readonly params: { readonly char: string; readonly position: number };
}

/** The first character `text` may not hold in a text of this shape; null when it holds none. */
export function unwantedCharacter(text: string, shape: TextShape): UnwantedCharacter | null {
  let position = 0;
  for (const char of text) {
    position += 1;
    const code = problemCode(char, shape);
    if (code !== null) return { code, params: { char: codePointName(char), position } };
  }
  return null;
}

/** {@link unwantedCharacter}'s finding as a message (namespace `error_schema`), worded in the UI's language. */
export function unwantedMessage(found: UnwantedCharacter): CoreMessage {
  return schemaIssue(found.code, found.params);
}

/**
 * `text` with every character a one-line text may not hold (see {@link unwantedCharacter}) written as
 * its escape, `\u202E` or `\u000A`: a name quoted in a sentence that both doors show, where the raw
 * character would reorder the sentence or break its line.
 */
export function escapedUnwanted(text: string): string {
  let out = '';
  for (const char of text)
    out += problemCode(char, 'one_line') === null ? char : `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return out;
}

function problemCode(char: string, shape: TextShape): SchemaIssueCode | null {
  if (LINE_CHARACTERS.has(char) || SEPARATORS.has(char)) return shape === 'lines' ? null : 'text_line_break';
  if (CONTROL.test(char)) return 'text_control_char';
  if (LONE_SURROGATE.test(char)) return 'text_lone_surrogate';
  return BIDI_FORMATTING.test(char) ? 'text_bidi_char' : null;
}

/**
 * A string schema that refuses what {@link unwantedCharacter} finds, before any other check: the
 * position counts the characters as given (a trim, where the field has one, comes after it).
 */
export function typedText(shape: TextShape): z.ZodString {
  return z.string().superRefine(refuseUnwanted(shape));
}

/**
 * An id a person writes (a principal's, its workspace's, a group's, a partition's): one line of typed
 * text that does not begin or end with a space. `"u-guest "` in a principals file was kept as an id
 * of its own, which `--as u-guest` never reached (the graph's u-guest answered instead), and which
 * every list showed as `u-guest`. Refused naming the id without the spaces; an id of spaces only
 * (`principal_id: "   "`, kept as an id no one can see or type) by the field's own sentence `blank`;
 * an empty id is left to the field's own check.
 */
export function typedId(blank: SchemaIssueCode): z.ZodString {
  return typedText('one_line').superRefine((id, context) => {
    const visible = id.trim();
    if (visible === '' && id !== '') context.addIssue({ code: 'custom', message: schemaIssueText(blank), input: id });
    else if (visible !== id) context.addIssue({ code: 'custom', message: schemaIssueTextWith('id_spaced', { visible }), input: id });
  });
}

/** The refinement of {@link typedText}, for a schema that puts a check of its own before it. */
export function refuseUnwanted(shape: TextShape) {
  return (text: string, context: z.RefinementCtx<string>): void => {
    const found = unwantedCharacter(text, shape);
    if (found !== null) context.addIssue({ code: 'custom', message: schemaIssueTextWith(found.code, found.params), input: text });
  };
}
