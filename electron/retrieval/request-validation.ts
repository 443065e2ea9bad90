import { ContextRequest, SCOPE_KINDS, type Outcome, type ParsedContextRequest } from '../../shared/context-contract';

/** A request the pipeline refuses before or while running it, with the outcome it ends in and a sentence. */
export class RequestFailure extends Error {
  constructor(
    readonly outcome: Outcome,
    message: string,
  ) {
    super(message);
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
    throw new RequestFailure(
      'unsupported_filter',
      `The filter ${keys} is not supported, and filters fail closed rather than being ignored. Supported filters: document_types, valid_at, language.`,
    );
  }
  if (path[0] === 'allowed_scopes' && issue) scopeFailure(issue);
  const field = path.join('.') || 'the request';
  throw new RequestFailure('invalid_request', `${field}: ${issue?.message ?? 'is invalid'}.`);
}

type Issue = NonNullable<ReturnType<typeof ContextRequest.safeParse>['error']>['issues'][number];

/**
 * The failure an `allowed_scopes` issue ends in: an unknown kind or an unreadable value fails closed
 * as `unsupported_filter`, like a filter; an empty list or object is `invalid_request`, since leaving
 * the field out is the way to draw from everything the principal may see. Other issues fall through.
 */
function scopeFailure(issue: Issue): void {
  const accepted = `Accepted scope kinds: ${SCOPE_KINDS.join(', ')}.`;
  const kind = issue.path[1] === undefined ? undefined : String(issue.path[1]);
  if (issue.code === 'unrecognized_keys')
    throw new RequestFailure(
      'unsupported_filter',
      `The scope kind ${issue.keys.join(', ')} is not supported, and scopes fail closed rather than being ignored. ${accepted}`,
    );
  const emptyList = issue.code === 'too_small' && issue.path.length === 2;
  if (kind !== undefined && !emptyList)
    throw new RequestFailure(
      'unsupported_filter',
      `The scope ${kind} cannot be read: it must be a list of non-empty texts, and scopes fail closed rather than being ignored. ${accepted}`,
    );
  if (emptyList)
    throw new RequestFailure(
      'invalid_request',
      `allowed_scopes.${kind}: is an empty list; name at least one value, or leave ${kind} out (leave allowed_scopes out to draw from everything the principal may see).`,
    );
}
