import { ContextRequest, type Outcome, type ParsedContextRequest } from '../../shared/context-contract';

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
  const field = path.join('.') || 'the request';
  throw new RequestFailure('invalid_request', `${field}: ${issue?.message ?? 'is invalid'}.`);
}
