import type { z } from 'zod';
import type { CoreMessage, CoreParam } from '../core-message';
import { schemaIssueSaid } from '../errors/schema-issue-messages';
import { serverError } from '../errors/server-error-messages';

// What zod found wrong with a value, as message codes. No catalogue registry is imported here, so
// the shared modules that registry imports in turn (the access policy) can word their own problems.

type Issue = z.ZodError['issues'][number];

/**
 * What is wrong with a value, in the app's words (codes, so the UI words them in its language): the
 * kinds zod finds itself (a wrong type, a field that is missing or not taken, an option not taken, a
 * text or list too short or long, a number out of range, a wrong format) are said from the issue's own
 * data with what to give instead, never in zod's English ("Too small: expected string to have >=1
 * characters" is "is empty; give it a value"); a schema's own sentence by its `error_schema` code or
 * the code its refinement carries (`params.said`); only a sentence a schema wrote itself without a code
 * stays as it is.
 */
export function issueWords(issue: Issue): CoreParam {
  const union = unionWords(issue) ?? optionWords(issue);
  if (union) return [union];
  const said = saidByRefinement(issue) ?? schemaIssueSaid(issue.message) ?? zodDefaultWords(issue);
  return said ? [said] : issue.message;
}

/** The code a refinement put on its issue (`{ message, params: { said } }`), as the provider endpoint's do. */
function saidByRefinement(issue: Issue): CoreMessage | null {
  if (issue.code !== 'custom') return null;
  const said = (issue.params as { said?: unknown } | undefined)?.said;
  return typeof said === 'object' && said !== null && typeof (said as CoreMessage).code === 'string' ? (said as CoreMessage) : null;
}

/**
 * A value that matched none of a union's forms, as a code rather than zod's "Invalid discriminator
 * value…" or "Invalid input": the value given (where the parse reported its input, as the doors'
 * does with `reportInput`) and the values accepted — a discriminated union's, or those of a union
 * whose every form is one value or one kind; else that it matches none of the forms. A schema's own
 * sentence on the union is left to it.
 */
export function unionWords(issue: Issue): CoreMessage | null {
  if (issue.code !== 'invalid_union' || issue.inclusive === false) return null;
  const { discriminator, options } = issue;
  const discriminated = discriminator !== undefined && options !== undefined;
  if (discriminated ? !issue.message.startsWith('Invalid discriminator value') : issue.message !== 'Invalid input') return null;
  const reported = 'input' in issue;
  // A discriminated union reports the object the field is in; another union the value itself.
  const given = discriminated ? fieldOf(issue.input, discriminator) : issue.input;
  const accepted = discriminated ? options.map(shown) : formsAccepted(issue.errors);
  if (accepted === null)
    return reported ? serverError('zod_no_form_matched_part', { value: shown(given) }) : serverError('zod_no_form_matched_unseen_part');
  const list = accepted.join(', ');
  if (!reported) return serverError('zod_invalid_option_part', { options: list });
  if (given === undefined) return serverError('zod_missing_accepted_part', { options: list });
  return serverError('zod_value_not_accepted_part', { value: shown(given), options: list });
}

/**
 * A value that is none of an enum's options, or not a literal's one value, as a code naming the value
 * given and the values accepted, where the parse reported its input (zod's own "Invalid option:
 * expected one of …" names only the values accepted); a field that is not there, as missing. Null
 * where the input was not reported, or a schema words the issue itself.
 */
export function optionWords(issue: Issue): CoreMessage | null {
  if (issue.code !== 'invalid_value' || !('input' in issue)) return null;
  if (!/^Invalid (?:option: expected one of|input: expected) /.test(issue.message) || schemaIssueSaid(issue.message)) return null;
  const options = issue.values.map(shown).join(', ');
  return issue.input === undefined
    ? serverError('zod_missing_accepted_part', { options })
    : serverError('zod_value_not_accepted_part', { value: shown(issue.input), options });
}

const fieldOf = (input: unknown, key: string): unknown =>
  typeof input === 'object' && input !== null && Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;

/** A value as it is written in JSON (undefined, which JSON has not, by its name). */
const shown = (value: unknown): string => (value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value)));

/** What a union's forms accept when each is one value or one kind (`"auto", number`); null when a form is more than that. */
function formsAccepted(errors: readonly (readonly Issue[])[]): string[] | null {
  const accepted: string[] = [];
  for (const form of errors) {
    const first = form[0];
    if (form.length !== 1 || first === undefined || first.path.length > 0) return null;
    if (first.code === 'invalid_value') accepted.push(...first.values.map(shown));
    else if (first.code === 'invalid_type') accepted.push(first.expected);
    else return null;
  }
  return accepted.length > 0 ? [...new Set(accepted)] : null;
}

const UNITS = { string: 'unit_characters_part', array: 'unit_items_part', set: 'unit_items_part' } as const;

/** zod's own sentence of each kind (its `en` locale): an issue whose message is not one of them is a schema's own. */
const ZOD_SAID: Partial<Record<Issue['code'], RegExp>> = {
  invalid_type: /^Invalid input: expected \S+, received \S+$/,
  invalid_value: /^Invalid (?:option: expected one of|input: expected) /,
  unrecognized_keys: /^Unrecognized keys?: /,
  too_small: /^Too small: expected /,
  too_big: /^Too big: expected /,
  invalid_format: /^Invalid /,
  not_multiple_of: /^Invalid number: must be a multiple of /,
  invalid_union: /^Invalid input$/,
  invalid_key: /^Invalid key in /,
  invalid_element: /^Invalid element in /,
  custom: /^Invalid input$/,
};

/** A key as shown in a sentence: in JSON quotes, and cut to 60 characters so a huge key is not echoed whole. */
const shownKey = (key: string): string => JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);

/** A bound as a figure (zod's number or bigint); a count that is exclusive made the inclusive count it means. */
const bound = (value: number | bigint, inclusive: boolean | undefined, step: -1 | 1): string =>
  String(inclusive === false && typeof value === 'number' && Number.isInteger(value) ? value + step : value);

/** What zod found, from the issue's own data, in the app's words; null where the message is a schema's own, not zod's. */
function zodDefaultWords(issue: Issue): CoreMessage | null {
  if (!ZOD_SAID[issue.code]?.test(issue.message)) return null;
  switch (issue.code) {
    case 'invalid_type': {
      const received = /, received (\S+)$/.exec(issue.message)?.[1];
      if (received === 'undefined') return serverError('zod_missing_part', { expected: issue.expected });
      if (issue.expected === 'int' && received === 'number') return serverError('zod_not_whole_part');
      return received === undefined
        ? serverError('zod_invalid_type_unseen_part', { expected: issue.expected })
        : serverError('zod_invalid_type_part', { expected: issue.expected, received });
    }
    case 'invalid_value':
      return serverError('zod_invalid_option_part', { options: issue.values.map(shown).join(', ') });
    case 'unrecognized_keys':
      return serverError(issue.keys.length > 1 ? 'zod_unrecognized_keys_part' : 'zod_unrecognized_key_part', {
        keys: issue.keys.slice(0, 5).map(shownKey).join(', ') + (issue.keys.length > 5 ? ', …' : ''),
      });
    case 'too_small': {
      const unit = UNITS[issue.origin as keyof typeof UNITS];
      const limit = bound(issue.minimum, issue.inclusive, 1);
      if (unit === undefined)
        return serverError(issue.inclusive === false ? 'zod_too_small_value_exclusive_part' : 'zod_too_small_value_part', {
          limit: String(issue.minimum),
        });
      if (limit === '1') return serverError(unit === 'unit_characters_part' ? 'zod_empty_text_part' : 'zod_empty_list_part');
      return serverError('zod_too_small_part', { limit, unit: [serverError(unit)] });
    }
    case 'too_big': {
      const unit = UNITS[issue.origin as keyof typeof UNITS];
      if (unit === undefined)
        return serverError(issue.inclusive === false ? 'zod_too_big_value_exclusive_part' : 'zod_too_big_value_part', {
          limit: String(issue.maximum),
        });
      return serverError('zod_too_big_part', { limit: bound(issue.maximum, issue.inclusive, -1), unit: [serverError(unit)] });
    }
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string'
        ? serverError('zod_pattern_part', { pattern: issue.pattern })
        : serverError('zod_format_part', { format: issue.format });
    default:
      return serverError('zod_not_accepted_part');
  }
}
