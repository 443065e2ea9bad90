import type { z } from 'zod';
import { coreEnglish } from '../core-catalogues';
import type { CoreMessage, CoreParam } from '../core-message';
import { schemaIssueSaid } from '../errors/schema-issue-messages';
import { serverError } from '../errors/server-error-messages';

type Issue = z.ZodError['issues'][number];

/**
 * The sentence for an input or answer that failed an operation's schema, as a code: the operation,
 * the field path of the first problem and what is wrong with it ("query.run: request.query — the query is
 * empty; ask a question."). The renderer's client and the doors' dispatch both word it so, so a
 * refusal names the same field whichever side caught it.
 */
export function schemaProblem(name: string, error: z.ZodError): CoreMessage {
  const issue = error.issues[0];
  return serverError('input_schema', {
    operation: name,
    path: issue?.path.join('.') || [serverError('whole_input_part')],
    issue: issue === undefined ? [serverError('invalid_part')] : issueWords(issue),
  });
}

/** {@link schemaProblem} in English. */
export function schemaMessage(name: string, error: z.ZodError): string {
  return coreEnglish(schemaProblem(name, error));
}

/**
 * What is wrong with a value, as zod says it: the common kinds zod words itself (a wrong type, an
 * unknown option or key, a string or list too short or long) as codes, so they are worded in the
 * UI's language; a schema's own sentence by its `error_schema` code; anything else as zod's text. A
 * code is used only when its English is exactly zod's sentence (so a new zod wording is never
 * misread) — but for a field that is not there at all, zod's "expected string, received undefined"
 * is said as what it means: the field is missing, add it.
 */
export function issueWords(issue: Issue): CoreParam {
  const union = unionWords(issue) ?? optionWords(issue);
  if (union) return [union];
  const known = knownIssue(issue);
  if (known === null || coreEnglish(known) !== issue.message) return issue.message;
  const expected = known.params?.expected;
  if (known.code === 'error_server:zod_invalid_type_part' && known.params?.received === 'undefined' && typeof expected === 'string')
    return [serverError('zod_missing_part', { expected })];
  return [known];
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

const UNITS = { characters: 'unit_characters_part', items: 'unit_items_part' } as const;

function knownIssue(issue: Issue): CoreMessage | null {
  const { message } = issue;
  const schemaSaid = schemaIssueSaid(message);
  if (schemaSaid) return schemaSaid;
  if (issue.code === 'invalid_type') {
    const match = /^Invalid input: expected (\S+), received (\S+)$/.exec(message);
    return match ? serverError('zod_invalid_type_part', { expected: match[1] ?? '', received: match[2] ?? '' }) : null;
  }
  if (issue.code === 'invalid_value') {
    const match = /^Invalid option: expected one of (.+)$/.exec(message);
    return match ? serverError('zod_invalid_option_part', { options: match[1] ?? '' }) : null;
  }
  if (issue.code === 'unrecognized_keys') {
    const code = issue.keys.length > 1 ? 'zod_unrecognized_keys_part' : 'zod_unrecognized_key_part';
    return serverError(code, { keys: message.slice(message.indexOf(': ') + 2) });
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const match = /^Too (?:small|big): expected (\w+) to have (>=|>|<=|<)(\d+) (characters|items)$/.exec(message);
    // A number's bound (`Too big: expected number to be <=1000`), coded too, so Korean words it.
    const value = /^Too (?:small|big): expected (\w+) to be (>=|>|<=|<)(-?[\d.e+]+)$/.exec(message);
    if (!match && value) {
      const [, origin = '', relation = '', limit = ''] = value;
      return serverError(issue.code === 'too_small' ? 'zod_too_small_value_part' : 'zod_too_big_value_part', { origin, relation, limit });
    }
    if (!match) return null;
    const [, origin = '', relation = '', limit = '', unit = ''] = match;
    return serverError(issue.code === 'too_small' ? 'zod_too_small_part' : 'zod_too_big_part', {
      ...{ origin, relation, limit },
      unit: [serverError(UNITS[unit as keyof typeof UNITS])],
    });
  }
  return null;
}
