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
  const known = knownIssue(issue);
  if (known === null || coreEnglish(known) !== issue.message) return issue.message;
  const expected = known.params?.expected;
  if (known.code === 'error_server:zod_invalid_type_part' && known.params?.received === 'undefined' && typeof expected === 'string')
    return [serverError('zod_missing_part', { expected })];
  return [known];
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
    if (!match) return null;
    const [, origin = '', relation = '', limit = '', unit = ''] = match;
    return serverError(issue.code === 'too_small' ? 'zod_too_small_part' : 'zod_too_big_part', {
      ...{ origin, relation, limit },
      unit: [serverError(UNITS[unit as keyof typeof UNITS])],
    });
  }
  return null;
}
