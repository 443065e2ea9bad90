import type { Freshness, StalePolicy } from '../../shared/context-contract';
import { LensError } from '../../shared/lens-error';
import type { StaleMark } from '../../shared/trace-record';
import type { AdrStatus } from '../corpus/adr-record';

/** The facts about one document that its freshness is judged from; all but the id may be missing. */
export interface DocumentFreshnessFacts {
  document_id: string;
  /** Carried for callers that label items; the verdict does not depend on it. */
  doc_type?: string | null;
  /** ISO date or date-time from which the document is in force. */
  valid_from?: string | null;
  /** ISO date or date-time at which the document stops being in force (exclusive, as in `filters.valid_at`). */
  valid_to?: string | null;
  /** ISO date or date-time of the last change to the document. */
  updated_at?: string | null;
  /** The document that replaces this one. */
  superseded_by?: string | null;
  /** Whether `superseded_by` replaces all of this document or only part of it; null reads as full. */
  supersession?: 'full' | 'partial' | null;
  /** The ADR's lifecycle status; null for documents that are not decision records. */
  adr_status?: AdrStatus | null;
}

/** What a request adds to the facts: local stale marks and the instants to judge against. */
export interface FreshnessContext {
  /** Stale marks from the trace store; marks on other documents are ignored. */
  staleMarks: readonly StaleMark[];
  /** The instant the context is handed out. */
  now: Date;
  /** The request's `freshness_required_at`, when it has one. */
  requiredAt?: Date | undefined;
}

// Maps, not object literals: a status read from the graph is untrusted text, and "constructor"
// must not find Object.prototype's member.
const STALE_ADR_REASONS = new Map<string, string>([
  ['superseded', 'ADR status is superseded'],
  ['partly_superseded', 'ADR status is partly superseded (check which parts still hold)'],
  ['deprecated', 'ADR status is deprecated'],
  ['rejected', 'ADR status is rejected: the decision was not taken'],
]);

const UNDECIDED_ADR_REASONS = new Map<string, string>([
  ['proposed', 'ADR status is proposed: a proposal, not a decision'],
  ['pending', 'ADR status is pending: a proposal, not a decision'],
  ['unknown', 'ADR status is not stated or not recognised, so it may not be in force'],
]);

/**
 * Judges whether one document is current, stale or unknown, with a reason a user can read.
 * Freshness is its own axis: this never produces or adjusts a score.
 *
 * Stale rules come first and the first one that matches wins: a local stale mark (the latest one
 * on the document), validity, supersession, ADR status, then `updated_at` against `requiredAt`.
 * Then the unknown rules: a date that cannot be read, no `updated_at` to compare with
 * `requiredAt`, an ADR that is proposed, pending or without a status. Otherwise current.
 *
 * Validity: the document must be in force from `now` until `requiredAt` when that is later.
 * So `valid_to ≤ max(now, requiredAt)` is stale and `valid_from > now` is "not yet valid".
 * A `requiredAt` in the past does not excuse a document whose validity has since ended: that
 * instant is a floor for `updated_at` (DESIGN.md, "Freshness"), not a point in time to judge at.
 *
 * @throws LensError `internal` when `now` is not a valid Date, `invalid_input` when `requiredAt` is not.
 */
export function assessFreshness(doc: DocumentFreshnessFacts, context: FreshnessContext): Freshness {
  const now = context.now.getTime();
  if (Number.isNaN(now)) throw new LensError('internal', 'Freshness was asked for with an invalid current time.');
  const requiredAt = context.requiredAt?.getTime();
  if (requiredAt !== undefined && Number.isNaN(requiredAt)) {
    throw new LensError('invalid_input', 'freshness_required_at is not a valid date.', { hint: 'Use an ISO date such as 2026-01-01.' });
  }
  const required = requiredAt === undefined ? undefined : displayInstant(new Date(requiredAt).toISOString());
  const unknownReasons: string[] = [];

  const mark = latestMark(context.staleMarks, doc.document_id);
  if (mark !== undefined) {
    const successorId = blankToNull(mark.successor_document_id ?? null);
    const successor = successorId !== null ? `; use ${successorId} instead` : '';
    return { state: 'stale', reason: `marked stale by ${mark.marked_by}: ${mark.reason}${successor}`, marked_by: mark.marked_by };
  }

  const validTo = readInstant('valid_to', doc.valid_to, unknownReasons);
  if (validTo !== undefined) {
    if (validTo.ms <= now) return stale(`valid until ${validTo.shown}, which has passed`);
    if (requiredAt !== undefined && validTo.ms <= requiredAt) return stale(`valid until ${validTo.shown}, before the required ${required}`);
  }
  const validFrom = readInstant('valid_from', doc.valid_from, unknownReasons);
  if (validFrom !== undefined && validFrom.ms > now) return stale(`not yet valid: valid from ${validFrom.shown}`);

  const successor = blankToNull(doc.superseded_by);
  if (successor !== null) {
    return stale(
      doc.supersession === 'partial' ? `partly superseded by ${successor} (check which parts still hold)` : `superseded by ${successor}`,
    );
  }
  const status = doc.adr_status ?? null;
  const staleStatus = status === null ? undefined : STALE_ADR_REASONS.get(status);
  if (staleStatus !== undefined) return stale(staleStatus);

  const updatedAt = readInstant('updated_at', doc.updated_at, requiredAt === undefined ? [] : unknownReasons);
  if (requiredAt !== undefined) {
    if (updatedAt !== undefined && updatedAt.ms < requiredAt)
      return stale(`last updated ${updatedAt.shown}, before the required ${required}`);
    if (blankToNull(doc.updated_at) === null) unknownReasons.push(`no update date to compare with the required ${required}`);
  }

  const undecided = status === null ? undefined : UNDECIDED_ADR_REASONS.get(status);
  if (undecided !== undefined) unknownReasons.push(undecided);
  const [firstUnknown] = unknownReasons;
  if (firstUnknown !== undefined) return { state: 'unknown', reason: firstUnknown };

  return {
    state: 'current',
    reason: updatedAt !== undefined ? `valid, not superseded, last updated ${updatedAt.shown}` : 'valid, not superseded',
  };
}

/**
 * Applies the request's stale policy to items already in rank order. `demote` moves stale items
 * after the current and unknown ones (each group keeps its order; unknown stays among current);
 * `filter` moves them into `filtered`. Items are never re-scored.
 */
export function applyStalePolicy<T extends { freshness: Freshness }>(
  ranked: readonly T[],
  policy: StalePolicy,
): { kept: T[]; filtered: T[] } {
  const fresh = ranked.filter((item) => item.freshness.state !== 'stale');
  const staleItems = ranked.filter((item) => item.freshness.state === 'stale');
  return policy === 'filter' ? { kept: fresh, filtered: staleItems } : { kept: [...fresh, ...staleItems], filtered: [] };
}

function stale(reason: string): Freshness {
  return { state: 'stale', reason };
}

/** The mark that counts when a document was marked more than once: the most recent. */
function latestMark(marks: readonly StaleMark[], documentId: string): StaleMark | undefined {
  let latest: StaleMark | undefined;
  for (const mark of marks) {
    if (mark.document_id !== documentId) continue;
    if (latest === undefined || markTime(mark) >= markTime(latest)) latest = mark;
  }
  return latest;
}

function markTime(mark: StaleMark): number {
  const ms = Date.parse(mark.marked_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Parses a date field; an unreadable one is noted as an unknown reason rather than guessed at. */
function readInstant(field: string, raw: string | null | undefined, unknownReasons: string[]): { ms: number; shown: string } | undefined {
  const text = blankToNull(raw);
  if (text === null) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    unknownReasons.push(`${field} "${text}" is not a date, so it cannot be checked`);
    return undefined;
  }
  return { ms, shown: /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : displayInstant(new Date(ms).toISOString()) };
}

/** An ISO instant as a person reads it: the date alone at midnight UTC, else without milliseconds. */
function displayInstant(iso: string): string {
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace(/\.000Z$/, 'Z');
}

function blankToNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
