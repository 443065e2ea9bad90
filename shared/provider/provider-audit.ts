import { z } from 'zod';
import { NodeAccess, NodeRef } from '../compare/node-access';
import { CoreMessageSchema } from '../core-message';
import { FRESHNESS_MESSAGE_CODES } from '../freshness-messages';

/**
 * What an audit of a team's context provider found (mode `provider`): every item the endpoint
 * returned checked against the graph, each violation with its kind, the item and the evidence the
 * graph gave. Kept in the response, so Traces and Compare show it like any run's.
 */

/** The kinds of violation, a closed list: the UI and the CLI word each one (provider-messages.ts). */
export const ProviderViolationKind = z.enum([
  /** The item's document is not in the graph. */
  'document_not_found',
  /** One of the item's chunks is not in the graph. */
  'chunk_not_found',
  /** A chunk of the item exists but is not part of the item's document. */
  'chunk_not_in_document',
  /** The item's source_uri differs from its document's in the graph. */
  'source_uri_mismatch',
  /** The principal may not see a node the item draws on (its chunk, its document or a path node). */
  'access_denied',
  /** The item's freshness label differs from what the graph says (a superseded ADR labelled current). */
  'freshness_mismatch',
  /** The provenance path does not hold in the graph: a node is missing, a link is missing, or it ends elsewhere. */
  'provenance_broken',
  /**
   * The item's content is not text of the chunks it names (nor of its claim or the evidence on its
   * path): what it hands over cannot be traced to its source, and may be any text at all.
   */
  'content_not_in_source',
  /** The response uses more tokens than the request's max_tokens. */
  'over_max_tokens',
  /** The response has more items than the request's top_k. */
  'over_top_k',
  /** The item's document is outside the request's allowed_scopes (a scope is not access: this never makes the run acl_violation). */
  'outside_scope',
  /** An item hands over a chunk an earlier item already handed over. */
  'duplicate_item',
  /** The response's outcome says nothing was handed over (`no_evidence`, a failure) while it holds items. */
  'outcome_contradicts_items',
  /** The response's `used_tokens` is below 0. */
  'used_tokens_negative',
  /** The response's `used_tokens` is above 0 while it hands over no items. */
  'used_tokens_without_items',
  /** The item's span is no character span: it starts below 0, or ends before it starts. */
  'span_invalid',
  /** The item's span reaches outside the text of the chunks it names (their `start_char`..`end_char` in the document body). */
  'span_outside_chunks',
  /** A rank of the item (a stage's or the final one) is not a whole number from 1. */
  'rank_invalid',
  /** The item's final rank is not its place in the response (the contract's ranks count the items 1, 2, 3… in order). */
  'rank_out_of_order',
  /** The answer's Content-Type is not JSON (`application/json` or `…+json`); the body was read as JSON all the same. */
  'content_type_not_json',
  /** The item's freshness words (reason, marked_by, parameters) name a successor of its document that the principal may not see. */
  'names_hidden_successor',
  /** The item's title is not its document's title in the graph: it may be any text, another document's title among them. */
  'title_mismatch',
]);
export type ProviderViolationKind = z.infer<typeof ProviderViolationKind>;

/** The violations that concern access: any of them turns the outcome into `acl_violation`. */
// Content that is the text of none of the item's sources may be any text, a restricted document's
// among them (Compare counts it as a leak too), so it is an access violation.
// So is a title that is not the document's, and naming, in the freshness words, a successor the principal may not see:
// the id of a document it may not know of.
export const ACCESS_VIOLATION_KINDS: readonly ProviderViolationKind[] = [
  'access_denied',
  'content_not_in_source',
  'title_mismatch',
  'names_hidden_successor',
];

/** How a provenance path fails. */
export const ProvenanceBreak = z.enum(['node_missing', 'link_missing', 'ends_elsewhere']);
export type ProvenanceBreak = z.infer<typeof ProvenanceBreak>;

/** The item a violation is about: its 1-based place in the response and what it names. */
export const ViolationItem = z.object({ rank: z.number().int().min(1), document_id: z.string(), chunk_id: z.string() });
export type ViolationItem = z.infer<typeof ViolationItem>;

/**
 * What the graph says against the response. `claimed` is what the response said, `found` what the
 * graph holds (null when it holds nothing); `node` the node concerned; `access` the policy's verdict
 * with the failed clauses; `reason` a freshness reason in English, `reason_code` and `reason_params` the
 * same reason as the freshness catalogue's code and parameters (so a screen words it in its language;
 * a record from before them has the English only); `break` how a path fails; `limit` the bound
 * a count was held to; `counted` the tokens counted here (o200k) beside the response's own figure;
 * `field` the item's field concerned.
 */
export const ViolationEvidence = z.object({
  claimed: z.string().nullable().optional(),
  found: z.string().nullable().optional(),
  node: NodeRef.optional(),
  to: NodeRef.optional(),
  access: NodeAccess.optional(),
  reason: z.string().optional(),
  reason_code: z.enum(FRESHNESS_MESSAGE_CODES).optional(),
  reason_params: z.record(z.string(), z.string()).optional(),
  break: ProvenanceBreak.optional(),
  limit: z.number().int().optional(),
  counted: z.number().int().optional(),
  /** The item's field a violation is about (`ranks.vector`, `ranks.final`), where the kind leaves it open. */
  field: z.string().optional(),
});
export type ViolationEvidence = z.infer<typeof ViolationEvidence>;

/** One violation: its kind, the item (null for the response as a whole) and the evidence. */
export const ProviderViolation = z.object({
  kind: ProviderViolationKind,
  item: ViolationItem.nullable(),
  evidence: ViolationEvidence,
});
export type ProviderViolation = z.infer<typeof ProviderViolation>;

/** The ways a call to the endpoint fails (no endpoint, timeout, no connection, HTTP error, not JSON, not the contract, too large). */
export const PROVIDER_FAILURE_CODES = [
  'no_endpoint',
  'call_timeout',
  'call_refused',
  'call_http_status',
  'call_not_json',
  'call_schema_mismatch',
  'call_too_large',
] as const;

/**
 * Why a call to the endpoint failed, as a code with parameters (worded in provider-messages.ts).
 * A parameter that is itself a sentence (the fields that do not fit, why a connection failed) is
 * also kept in `said` as message codes, worded in the reader's language; `params` keeps its English,
 * as a record from before `said` has only that.
 */
export const ProviderCallFailure = z.object({
  code: z.enum(PROVIDER_FAILURE_CODES),
  params: z.record(z.string(), z.string()),
  said: z.record(z.string(), z.array(CoreMessageSchema)).optional(),
});
export type ProviderCallFailure = z.infer<typeof ProviderCallFailure>;

/**
 * The audit of one provider run: the endpoint called (no token), the HTTP status, the outcome and
 * trace id the provider gave, the call's failure (then nothing was audited) or the audit: items and
 * nodes checked, and every violation. `audited: false` means the audit did not run.
 */
export const ProviderAudit = z.object({
  endpoint: z.string(),
  http_status: z.number().int().nullable(),
  provider_outcome: z.string().nullable(),
  provider_trace_id: z.string().nullable(),
  failure: ProviderCallFailure.nullable(),
  audited: z.boolean(),
  items_checked: z.number().int().min(0),
  nodes_checked: z.number().int().min(0),
  violations: z.array(ProviderViolation),
});
export type ProviderAudit = z.infer<typeof ProviderAudit>;
