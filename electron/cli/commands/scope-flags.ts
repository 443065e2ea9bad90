import type { Command } from 'commander';
import { storeError } from '../../../shared/errors/store-error-messages';
import { CodedArgumentError } from './argument-error';
import { repeatable } from '../usage-errors';
import type { AllowedScopes } from '../../../shared/context-contract';
import { jsonProblem } from '../../../shared/json-syntax';

/** The scope flags of `lens query` and `lens compare`: one per kind (repeatable), and the whole object as JSON. */
export interface ScopeFlagOptions {
  scopeDocument?: string[];
  scopeUriPrefix?: string[];
  scopeService?: string[];
  scopeRepository?: string[];
  scopes?: Record<string, unknown>;
}

const collect = repeatable((value: string, previous: string[] = []): string[] => [...previous, value]);

/** `--scopes`: a JSON object, passed on as written so an unknown kind still fails closed in a recorded run. */
function scopesJson(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Where the text stops being JSON, not JSON.parse's English (which quotes the value back).
    throw new CodedArgumentError(storeError('arg_json_object_problem_part', { problem: [jsonProblem(value)] }));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CodedArgumentError(storeError('arg_json_object_part'));
  return parsed as Record<string, unknown>;
}

/** Adds the scope flags to a command that shapes a request. */
export function withScopeFlags(command: Command): Command {
  return command
    .option('--scope-document <id>', 'allowed scope: a document id (repeatable)', collect)
    .option('--scope-uri-prefix <prefix>', 'allowed scope: a source-URI prefix (repeatable)', collect)
    .option('--scope-service <service>', "allowed scope: a service's id or name (repeatable)", collect)
    .option('--scope-repository <repository>', "allowed scope: a repository's id or name (repeatable)", collect)
    .option('--scopes <json>', 'allowed scopes as a JSON object (combined with the --scope-* flags)', scopesJson);
}

/**
 * The request's `allowed_scopes` from the flags: the JSON object, with each --scope-* flag's values
 * added to its kind; nothing when no flag is given, so the request draws from all the principal may see.
 */
export function scopesFromFlags(options: ScopeFlagOptions): { allowed_scopes?: AllowedScopes } {
  const scopes: Record<string, unknown> = { ...options.scopes };
  const add = (kind: keyof AllowedScopes, values: string[] | undefined) => {
    if (!values) return;
    const before = scopes[kind];
    scopes[kind] = [...(Array.isArray(before) ? before : before === undefined ? [] : [before]), ...values];
  };
  add('document_ids', options.scopeDocument);
  add('source_uri_prefixes', options.scopeUriPrefix);
  add('services', options.scopeService);
  add('repositories', options.scopeRepository);
  return options.scopes || Object.keys(scopes).length > 0 ? { allowed_scopes: scopes as AllowedScopes } : {};
}
