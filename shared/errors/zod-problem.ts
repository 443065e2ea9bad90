import type { z } from 'zod';
import type { CoreMessage } from '../core-message';
import { issueWords } from '../api/schema-message';
import { coreEnglish } from '../core-catalogues';
import { schemaIssueSaid } from './schema-issue-messages';
import { storeError, type StoreErrorCode } from './store-error-messages';

/**
 * zod's English sentences (its default `en` locale, zod 4) read back into codes with parameters:
 * each pattern's captures are the parameters, named in order.
 */
const PATTERNS: readonly (readonly [RegExp, StoreErrorCode, readonly string[]])[] = [
  [/^Invalid input: expected (\S+), received (\S+)$/, 'issue_invalid_type', ['expected', 'received']],
  [/^Invalid input: expected (.+)$/, 'issue_expected_value', ['value']],
  [/^Invalid option: expected one of (.+)$/, 'issue_expected_option', ['options']],
  [/^Too small: expected string to have (\S+) characters$/, 'issue_too_small_length', ['bound']],
  [/^Too small: expected array to have (\S+) items$/, 'issue_too_small_items', ['bound']],
  [/^Too small: expected number to be (\S+)$/, 'issue_too_small_number', ['bound']],
  [/^Too big: expected string to have (\S+) characters$/, 'issue_too_big_length', ['bound']],
  [/^Too big: expected array to have (\S+) items$/, 'issue_too_big_items', ['bound']],
  [/^Too big: expected number to be (\S+)$/, 'issue_too_big_number', ['bound']],
  [/^Unrecognized key: (.+)$/, 'issue_unrecognized_key', ['keys']],
  [/^Unrecognized keys: (.+)$/, 'issue_unrecognized_keys', ['keys']],
  [/^Invalid string: must match pattern (.+)$/, 'issue_pattern', ['pattern']],
  [/^Invalid discriminator value\. Expected (.+)$/, 'issue_discriminator', ['options']],
  [/^Invalid input$/, 'issue_invalid_input', []],
  [/^Invalid ([^:]+)$/, 'issue_invalid_format', ['format']],
];

/**
 * What zod found wrong with a field, as a message code: zod's English sentence read back into a code
 * with its parameters (`Invalid input: expected string, received number` → `issue_invalid_type`), so
 * Korean words it; a schema's own sentence by its `error_schema` code; any other sentence stays as it is (`issue_text`).
 * The English wording of the code is always exactly the sentence given.
 */
export function zodProblem(sentence: string | undefined): CoreMessage {
  if (sentence === undefined) return storeError('issue_is_invalid');
  const schemaSaid = schemaIssueSaid(sentence);
  if (schemaSaid) return schemaSaid;
  for (const [pattern, code, names] of PATTERNS) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const message = storeError(code, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
    if (coreEnglish(message) === sentence) return message;
  }
  return storeError('issue_text', { text: sentence });
}

/**
 * What is wrong with the field of one zod issue, as the doors word it ({@link issueWords}): zod's own
 * findings from the issue's data in the app's words (a field that is not there is missing; a value no
 * form of a union, or no option of an enum, takes is named with the values accepted), a schema's own
 * sentence by its code; a sentence a schema wrote without a code as {@link zodProblem} reads it.
 */
export function issueProblem(issue: z.ZodError['issues'][number] | undefined): CoreMessage {
  if (issue === undefined) return storeError('issue_is_invalid');
  const words = issueWords(issue);
  const said = Array.isArray(words) ? words[0] : undefined;
  return typeof said === 'object' ? said : zodProblem(issue.message);
}
