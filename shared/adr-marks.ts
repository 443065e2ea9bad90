import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';
import { refuseUnwanted } from './visible-text';
import { Freshness } from './context-contract';
import { StaleMarkEntry } from './stale-mark-history';
import { StaleMark } from './trace-record';

/** A record that replaces an ADR, in whole or in part, as the graph holds it. */
export const AdrSuccessor = z.object({
  document_id: z.string(),
  adr_id: z.string().nullable(),
  /** Replaces only part of the older record. */
  partial: z.boolean(),
  /** Only the newer record says so; the older one still reads as in force. */
  drift: z.boolean(),
});
export type AdrSuccessor = z.infer<typeof AdrSuccessor>;

/** Why a record is suggested as probably stale; each kind has its own message code (`adr.suggestion.<kind>`). */
export const AdrSuggestionKind = z.enum([
  /** A newer record names this one with replacement wording the load did not turn into a supersession. */
  'replacement_wording',
  /** A newer record on the same subject decides the opposite ("move away from X", "switch to Y"). */
  'opposite_decision',
  /** The record's own body carries an update note ("we're moving on from this decision"). */
  'update_note',
  /** The status says superseded but no successor is named; the likeliest one is proposed. */
  'unnamed_successor',
]);
export type AdrSuggestionKind = z.infer<typeof AdrSuggestionKind>;

/** One piece of evidence for a suggestion: the record it comes from and the words that show it. */
export const AdrSuggestionEvidence = z.object({
  document_id: z.string(),
  adr_id: z.string().nullable(),
  /** The words of that record that show it, as written (trimmed to a sentence or so). */
  quote: z.string(),
});
export type AdrSuggestionEvidence = z.infer<typeof AdrSuggestionEvidence>;

/**
 * A probably-stale ADR the graph does not mark, with its evidence and a score in [0, 1]. Never applied
 * by itself: a person confirms it with a mark.
 */
export const AdrSuggestion = z.object({
  kind: AdrSuggestionKind,
  /** The record that likely replaces this one; null when the evidence names none (an update note). */
  successor: z.object({ document_id: z.string(), adr_id: z.string().nullable() }).nullable(),
  evidence: z.array(AdrSuggestionEvidence).min(1),
  score: z.number().min(0).max(1),
});
export type AdrSuggestion = z.infer<typeof AdrSuggestion>;

/** What an ADR's date is the date of: its decision, or only its proposal. */
export const AdrDatedBy = z.enum(['decision', 'proposal']);
export type AdrDatedBy = z.infer<typeof AdrDatedBy>;

/**
 * One ADR of the graph with its computed freshness (local stale marks included), its successors and,
 * when asked for, the suggestions of what its record does not say.
 */
export const AdrEntry = z.object({
  document_id: z.string(),
  adr_id: z.string().nullable(),
  title: z.string().nullable(),
  /** The decision state the loader mapped the status to (accepted, rejected, superseded …); null when the graph has none. */
  status: z.string().nullable(),
  /** The status as the record writes it. */
  status_text: z.string().nullable(),
  decided_at: z.string().nullable(),
  /**
   * What `decided_at` is the date of: `proposal` when the record is dated only by the date it was proposed on
   * (`Proposed: 2021-03-04`, an RFC's `Start Date:`), so it is worded "proposed", not "decided"; `decision`
   * otherwise. Null when the graph does not say (a graph this app's loader did not write, or an undated record).
   */
  dated_by: AdrDatedBy.nullable().default(null),
  freshness: Freshness,
  superseded_by: z.array(AdrSuccessor),
  /** A successor claims this record, which still reads as in force. */
  drift: z.boolean(),
  /** The local stale mark in force, if any. */
  mark: StaleMark.nullable(),
  /** Probably-stale evidence the graph does not mark, best first; empty unless the listing was asked for suggestions. */
  suggestions: z.array(AdrSuggestion),
});
export type AdrEntry = z.infer<typeof AdrEntry>;

/**
 * How the suggestions read the records' text: each record's chunks in order, cut at `text_cap_chars`
 * characters (the records cut there are named, so a person knows a suggestion may be missing for
 * them), and whether the read stopped at its row cap (records past it were read without text).
 */
export const AdrSuggestionReading = z.object({
  text_cap_chars: z.number().int().positive(),
  capped: z.array(z.string()),
  truncated: z.boolean(),
});
export type AdrSuggestionReading = z.infer<typeof AdrSuggestionReading>;

/**
 * Every ADR of the graph, in `adr_id` order; `truncated` when the graph held more than the read's row
 * cap. `suggestion_reading` is there only when suggestions were asked for.
 */
export const AdrListing = z.object({
  adrs: z.array(AdrEntry),
  truncated: z.boolean(),
  suggestion_reading: AdrSuggestionReading.optional(),
});
export type AdrListing = z.infer<typeof AdrListing>;

/** An ADR as a person names it: the document id, or the ADR id or number the load recognised (`ADR-004`, `4`, `#4`). */
const AdrReference = z.string().trim().min(1, schemaIssueText('adr_reference_missing'));
/** A reason a person reads later: one that holds only control or invisible characters (`\u0000`, `\u202e`) says nothing, as an empty one. */
const Reason = z
  .string()
  // A blank reason is said to be missing (below); one of only unseen characters, that it says nothing.
  .refine((text) => text.trim() === '' || /[\p{L}\p{N}\p{P}\p{S}]/u.test(text), schemaIssueText('reason_not_visible'))
  // A reason is a few lines a person reads later: a control or reordering character inside it is refused, naming it.
  .superRefine(refuseUnwanted('lines'))
  .trim()
  .min(1, schemaIssueText('mark_reason_missing'))
  .max(2000);

/** `suggestions: true` also computes what the records do not say (reads every ADR's text; slower). */
export const AdrListInput = z.object({ suggestions: z.boolean().optional() }).strict();
export type AdrListInput = z.infer<typeof AdrListInput>;

export const AdrMarkInput = z.object({ adr: AdrReference, reason: Reason, successor: AdrReference.optional() }).strict();
export const AdrUnmarkInput = z.object({ adr: AdrReference, reason: Reason }).strict();
export const AdrHistoryInput = z.object({ adr: AdrReference.optional() }).strict();

/** What a mark or an unmark did: the entry it recorded, and the freshness a later run gives the document (null when the graph no longer holds it). */
export const AdrMarkResult = z.object({
  entry: StaleMarkEntry,
  freshness: Freshness.nullable(),
  /**
   * For a mark: the mark it replaces, when one was in force (marked meanwhile from another window or the CLI), so the one
   * who marks learns that someone else's reason no longer holds; it stays in the history. Absent from an unmark.
   */
  replaced: StaleMark.nullable().optional(),
});
export type AdrMarkResult = z.infer<typeof AdrMarkResult>;

export const AdrHistory = z.object({ document_id: z.string().nullable(), entries: z.array(StaleMarkEntry) });
export type AdrHistory = z.infer<typeof AdrHistory>;

export const ExportFormat = z.enum(['cypher', 'json', 'csv']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The change set of the marks in force, as text to review and hand to the team that owns the graph. */
export const AdrExport = z.object({ format: ExportFormat, marks: z.number().int().min(0), content: z.string() });
export type AdrExport = z.infer<typeof AdrExport>;
