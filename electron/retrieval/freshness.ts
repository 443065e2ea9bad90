import type { Freshness, StalePolicy } from '../../shared/context-contract';
import { DECISION_STATES, wordFreshness, type DecisionState, type FreshnessMessageCode } from '../../shared/freshness-messages';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
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
  /**
   * Whether `superseded_by` replaces all of this document or only part of it; without `superseded_by`, whether
   * `successor_outside` does (the demo loader writes it so). Null reads as full.
   */
  supersession?: 'full' | 'partial' | null;
  /** The ADR's lifecycle status; null for documents that are not decision records. */
  adr_status?: AdrStatus | null;
  /**
   * The successor an ADR names outside the decision records (`PR #123`, a web page, another repository's record), as the
   * loader read it: the whole successor of a superseded one, or a partial one (`supersession: 'partial'`) of one still accepted.
   */
  successor_outside?: string | null;
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

/** The verdict that names a successor the principal may not see, said without naming it. */
const WITHOUT_SUCCESSOR: Partial<Record<FreshnessMessageCode, FreshnessMessageCode>> = {
  marked_stale_successor: 'marked_stale_successor_hidden',
  superseded_by: 'superseded_by_hidden',
  partly_superseded_by: 'partly_superseded_by_hidden',
};

/**
 * The verdict as the asking principal may read it: one naming a successor document it may not see
 * (or the graph does not hold; `hidden`, successor-visibility.ts) says the item was superseded or
 * marked stale, never by which document, and is worded again without it.
 */
export function withoutHiddenSuccessor(found: Freshness, hidden: ReadonlySet<string>): Freshness {
  const successor = found.params?.successor;
  const code = found.code === undefined ? undefined : WITHOUT_SUCCESSOR[found.code];
  if (successor === undefined || code === undefined || !hidden.has(successor)) return found;
  const { successor: _hidden, ...params } = found.params ?? {};
  return { ...found, code, params, reason: wordFreshness(code, params) };
}

/** A dated fact as read: the instant, and how a person reads it. */
interface Instant {
  readonly ms: number;
  readonly shown: string;
}

/** One verdict before it is worded: its state, message code and parameters. */
interface Verdict {
  readonly state: Freshness['state'];
  readonly code: FreshnessMessageCode;
  readonly params: Readonly<Record<string, string>>;
  readonly marked_by?: string;
}

/** The facts as the rules read them: dates parsed once, blanks as missing, unreadable dates noted. */
interface ReadFacts {
  readonly now: number;
  readonly requiredAt: number | undefined;
  readonly required: string;
  readonly validTo: Instant | undefined;
  readonly validFrom: Instant | undefined;
  readonly updatedAt: Instant | undefined;
  readonly hasUpdatedAt: boolean;
  readonly successor: string | null;
  readonly successorOutside: string | null;
  readonly partial: boolean;
  readonly decision: DecisionState | undefined;
  /** Dates that could not be read, in the order the fields are checked. */
  readonly unreadable: readonly Verdict[];
}

const verdict = (state: Freshness['state'], code: FreshnessMessageCode, params: Record<string, string> = {}): Verdict => ({
  state,
  code,
  params,
});

/**
 * Decision states whose own status is a stale verdict when no successor is named. A deprecated
 * decision is retired: what it decided no longer holds, so it must not pass as current (a rejected
 * one, below, is the answer to "did we decide to use X?").
 */
const STALE_STATUS = new Map<DecisionState, FreshnessMessageCode>([
  ['superseded', 'adr_status_superseded'],
  ['partly_superseded', 'adr_status_partly_superseded'],
  ['deprecated', 'adr_deprecated'],
]);
/** Decision states that leave freshness unknown: nothing was decided, or what is not known. */
const UNDECIDED_STATUS = new Map<DecisionState, FreshnessMessageCode>([
  ['proposed', 'adr_proposed'],
  ['pending', 'adr_pending'],
  ['unknown', 'adr_status_unknown'],
]);
/** Decision states that are an answer in themselves: current, with the decision shown beside it. */
const SETTLED_STATUS = new Map<DecisionState, FreshnessMessageCode>([['rejected', 'adr_rejected']]);

/**
 * Judges whether one document is current, stale or unknown, with a reason a user can read (and the
 * same reason as a message code with parameters, and an ADR's decision state beside it).
 * Freshness is its own axis: this never produces or adjusts a score.
 *
 * The first rule that matches wins. Stale: a local stale mark (the latest one on the document),
 * validity, supersession (a named successor, then a superseded or deprecated status), `updated_at` before
 * `requiredAt`. Unknown: a date that cannot be read, no `updated_at` to compare with `requiredAt`,
 * an ADR that is proposed, pending or without a status. Current only on positive evidence: an ADR
 * rejected (the decision is what it is, not stale), an accepted ADR nothing
 * supersedes, an update on or after `requiredAt`, a validity window the document is inside.
 * Anything else is unknown: no lifecycle data.
 *
 * Validity: the document must be in force from `now` until `requiredAt` when that is later.
 * So `valid_to ≤ max(now, requiredAt)` is stale and `valid_from > now` is "not yet valid".
 * A `requiredAt` in the past does not excuse a document whose validity has since ended: that
 * instant is a floor for `updated_at` (DESIGN.md, "Freshness"), not a point in time to judge at.
 *
 * @throws LensError `internal` when `now` is not a valid Date, `invalid_input` when `requiredAt` is not.
 */
export function assessFreshness(doc: DocumentFreshnessFacts, context: FreshnessContext): Freshness {
  const facts = readFacts(doc, context);
  const found = markVerdict(context.staleMarks, doc.document_id) ?? staleVerdict(facts) ?? unknownVerdict(facts) ?? currentVerdict(facts);
  return {
    state: found.state,
    reason: wordFreshness(found.code, found.params),
    ...(found.marked_by === undefined ? {} : { marked_by: found.marked_by }),
    code: found.code,
    params: { ...found.params },
    ...(facts.decision === undefined ? {} : { decision: facts.decision }),
  };
}

function readFacts(doc: DocumentFreshnessFacts, context: FreshnessContext): ReadFacts {
  const now = context.now.getTime();
  if (Number.isNaN(now)) throw codedError('internal', retrievalError('freshness_now_invalid'));
  const requiredAt = context.requiredAt?.getTime();
  if (requiredAt !== undefined && Number.isNaN(requiredAt)) {
    throw codedError('invalid_input', retrievalError('required_at_invalid'), { hint: retrievalError('required_at_invalid_hint') });
  }
  const unreadable: Verdict[] = [];
  const validTo = readInstant('valid_to', doc.valid_to, unreadable);
  const validFrom = readInstant('valid_from', doc.valid_from, unreadable);
  // An unreadable update date matters only when a date is required.
  const updatedAt = readInstant('updated_at', doc.updated_at, requiredAt === undefined ? [] : unreadable);
  return {
    now,
    requiredAt,
    required: requiredAt === undefined ? '' : displayInstant(new Date(requiredAt).toISOString()),
    validTo,
    validFrom,
    updatedAt,
    hasUpdatedAt: blankToNull(doc.updated_at) !== null,
    successor: blankToNull(doc.superseded_by),
    successorOutside: blankToNull(doc.successor_outside),
    partial: doc.supersession === 'partial',
    decision: decisionOf(doc.adr_status),
    unreadable,
  };
}

/** The ADR status as a decision state; a status outside the known set is no decision (never an object member). */
function decisionOf(status: string | null | undefined): DecisionState | undefined {
  return typeof status === 'string' && (DECISION_STATES as readonly string[]).includes(status) ? (status as DecisionState) : undefined;
}

function markVerdict(marks: readonly StaleMark[], documentId: string): Verdict | undefined {
  const mark = latestMark(marks, documentId);
  if (mark === undefined) return undefined;
  const successor = blankToNull(mark.successor_document_id ?? null);
  const params = { by: mark.marked_by, reason: mark.reason };
  return {
    ...(successor === null
      ? verdict('stale', 'marked_stale', params)
      : verdict('stale', 'marked_stale_successor', { ...params, successor })),
    marked_by: mark.marked_by,
  };
}

function staleVerdict(facts: ReadFacts): Verdict | undefined {
  const { validTo, validFrom, updatedAt, requiredAt, required } = facts;
  if (validTo !== undefined) {
    if (validTo.ms <= facts.now) return verdict('stale', 'valid_to_passed', { date: validTo.shown });
    if (requiredAt !== undefined && validTo.ms <= requiredAt)
      return verdict('stale', 'valid_to_before_required', { date: validTo.shown, required });
  }
  if (validFrom !== undefined && validFrom.ms > facts.now) return verdict('stale', 'not_yet_valid', { date: validFrom.shown });
  if (facts.successor !== null)
    return verdict('stale', facts.partial ? 'partly_superseded_by' : 'superseded_by', { successor: facts.successor });
  const staleStatus = facts.decision === undefined ? undefined : STALE_STATUS.get(facts.decision);
  // A successor named outside the decision records (a pull request, an RFC, another repository's record) is named, not
  // said to be missing; one that replaces a part makes a record still accepted stale in part, as a partial edge does.
  if (facts.successorOutside !== null && (staleStatus !== undefined || facts.partial))
    return verdict(
      'stale',
      facts.decision === 'partly_superseded' || (facts.partial && staleStatus === undefined)
        ? 'adr_partly_superseded_outside'
        : 'adr_superseded_outside',
      { successor: facts.successorOutside },
    );
  if (staleStatus !== undefined) return verdict('stale', staleStatus);
  if (requiredAt !== undefined && updatedAt !== undefined && updatedAt.ms < requiredAt)
    return verdict('stale', 'updated_before_required', { date: updatedAt.shown, required });
  return undefined;
}

function unknownVerdict(facts: ReadFacts): Verdict | undefined {
  const [unreadable] = facts.unreadable;
  if (unreadable !== undefined) return unreadable;
  if (facts.requiredAt !== undefined && !facts.hasUpdatedAt) return verdict('unknown', 'no_update_date', { required: facts.required });
  const undecided = facts.decision === undefined ? undefined : UNDECIDED_STATUS.get(facts.decision);
  return undecided === undefined ? undefined : verdict('unknown', undecided);
}

/** Current needs positive evidence; without it freshness is unknown. */
function currentVerdict(facts: ReadFacts): Verdict {
  const { updatedAt, validFrom, validTo, requiredAt } = facts;
  const settled = facts.decision === undefined ? undefined : SETTLED_STATUS.get(facts.decision);
  if (settled !== undefined) return verdict('current', settled);
  if (facts.decision === 'accepted')
    return updatedAt === undefined
      ? verdict('current', 'adr_accepted')
      : verdict('current', 'adr_accepted_updated', { updated: updatedAt.shown });
  if (requiredAt !== undefined && updatedAt !== undefined)
    return verdict('current', 'updated_after_required', { date: updatedAt.shown, required: facts.required });
  if (validFrom !== undefined && validTo !== undefined)
    return verdict('current', 'valid_from_until', { from: validFrom.shown, to: validTo.shown });
  if (validTo !== undefined) return verdict('current', 'valid_until', { to: validTo.shown });
  if (validFrom !== undefined) return verdict('current', 'valid_since', { from: validFrom.shown });
  return verdict('unknown', 'no_lifecycle_data');
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

/** Parses a date field; an unreadable one is noted as an unknown verdict rather than guessed at. */
function readInstant(field: string, raw: string | null | undefined, unreadable: Verdict[]): Instant | undefined {
  const text = blankToNull(raw);
  if (text === null) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    unreadable.push(verdict('unknown', 'date_unreadable', { field, value: text }));
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
