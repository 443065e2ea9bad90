import { ContextRequest, SCOPE_KINDS, type Outcome, type ParsedContextRequest } from '../../shared/context-contract';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { issueWords } from '../../shared/api/schema-message';
import { schemaIssueSaid } from '../../shared/errors/schema-issue-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import { outcomeMessage } from '../../shared/outcome-messages';

/** A request the pipeline refuses before or while running it, with the outcome it ends in and a sentence. */
export class RequestFailure extends Error {
  constructor(
    readonly outcome: Outcome,
    /** The sentence as a message code (the error's `message` is its English wording), or English text alone. */
    readonly said: CoreMessage | string,
  ) {
    super(typeof said === 'string' ? said : coreEnglish(said));
  }
}

/**
 * The request parsed by the contract, or a failure naming the first field at fault. A filter the
 * contract does not know, or cannot read, fails closed as `unsupported_filter`, never ignored.
 */
export function validateRequest(raw: unknown): ParsedContextRequest {
  const parsed = ContextRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  if (path[0] === 'filters' && (issue?.code === 'unrecognized_keys' || path.length > 1)) {
    const keys = issue?.code === 'unrecognized_keys' ? (issue.keys as string[]).join(', ') : String(path[1]);
    // A filter the contract knows whose value cannot be read says how to write it, not that it is unknown.
    const unreadable = issue?.code === 'unrecognized_keys' ? undefined : UNREADABLE_FILTER[keys];
    throw new RequestFailure('unsupported_filter', outcomeMessage(unreadable ?? 'filter_unsupported', { keys }));
  }
  if (path[0] === 'allowed_scopes' && issue) scopeFailure(issue);
  const field = path.join('.') || 'the request';
  // An empty text in words of its own, not the schema library's "Too small: expected string…"; a field
  // whose schema has a sentence for it (`--as ""`: pick a principal, and where they are listed) says that.
  if (issue?.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1 && schemaIssueSaid(issue.message) === null)
    throw new RequestFailure('invalid_request', outcomeMessage('field_empty', { field }));
  // zod's kinds and the schema's own sentences as codes, so the UI words the problem in its language.
  throw new RequestFailure(
    'invalid_request',
    outcomeMessage('field_invalid', { field, problem: issue ? issueWords(issue) : [serverError('invalid_part')] }),
  );
}

const UNREADABLE_FILTER: Readonly<
  Record<string, 'filter_language_unreadable' | 'filter_document_types_unreadable' | 'filter_valid_at_unreadable'>
> = { language: 'filter_language_unreadable', document_types: 'filter_document_types_unreadable', valid_at: 'filter_valid_at_unreadable' };

type Issue = NonNullable<ReturnType<typeof ContextRequest.safeParse>['error']>['issues'][number];

/**
 * The failure an `allowed_scopes` issue ends in: an unknown kind or an unreadable value fails closed
 * as `unsupported_filter`, like a filter; an empty list or object is `invalid_request`, since leaving
 * the field out is the way to draw from everything the principal may see. Other issues fall through.
 */
function scopeFailure(issue: Issue): void {
  const accepted = SCOPE_KINDS.join(', ');
  const kind = issue.path[1] === undefined ? undefined : String(issue.path[1]);
  if (issue.code === 'unrecognized_keys')
    throw new RequestFailure('unsupported_filter', outcomeMessage('scope_kind_unsupported', { kinds: issue.keys.join(', '), accepted }));
  const emptyList = issue.code === 'too_small' && issue.path.length === 2;
  if (kind !== undefined && !emptyList)
    throw new RequestFailure('unsupported_filter', outcomeMessage('scope_unreadable', { kind, accepted }));
  if (emptyList) throw new RequestFailure('invalid_request', outcomeMessage('scope_empty_list', { kind: kind ?? '' }));
}
