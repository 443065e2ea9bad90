import type { AdrEntry, AdrHistory, AdrListing, AdrMarkResult, AdrSuggestion } from '../../../shared/adr-marks';
import { wordSuggestion, wordSuggestionKind, wordSuggestionMessage } from '../../../shared/adr-suggestion-messages';
import type { Freshness } from '../../../shared/context-contract';
import { wordFreshness } from '../../../shared/freshness-messages';
import type { StaleMarkEntry } from '../../../shared/stale-mark-history';
import { shownTitle, terminalSafeDeep } from '../terminal-text';
import { wordCliMessage, wordCounted } from '../../../shared/cli-messages';

// The stale-ADR commands for a person. Everything shown comes from the graph or the trace store, so
// it is made terminal-safe first.

const name = (adr: Pick<AdrEntry, 'adr_id' | 'document_id'>) => adr.adr_id ?? adr.document_id;

/**
 * The verdict and its reason. `nameDocument` names a successor the reason mentions as the listing names
 * records (ADR-0015, not the document id 0015-dns-infrastructure); a reason kept without its code stays as it is.
 */
function freshnessLine(freshness: Freshness, nameDocument?: (documentId: string) => string): string {
  const successor = freshness.params?.['successor'];
  const reason =
    freshness.code !== undefined && nameDocument && successor !== undefined
      ? wordFreshness(freshness.code, { ...freshness.params, successor: nameDocument(successor) })
      : freshness.reason;
  return `${freshness.state}: ${reason}`;
}

/** Statuses under which nothing was decided yet: their date is the record's, not a decision's. */
const UNDECIDED: ReadonlySet<AdrEntry['status']> = new Set(['proposed', 'pending', 'unknown', null]);

/**
 * The record's date: "proposed" where only the date it was proposed on dates it, "decided" only where its
 * status says something was decided.
 */
function dateWords(adr: AdrEntry): string {
  if (!adr.decided_at) return '';
  const date = adr.decided_at.slice(0, 10);
  const code = adr.dated_by === 'proposal' ? 'adr_proposed_on' : UNDECIDED.has(adr.status) ? 'adr_dated' : 'adr_decided_on';
  return `, ${wordCliMessage(code, { date })}`;
}

function successorsLine(adr: AdrEntry): string | null {
  if (adr.superseded_by.length === 0) return null;
  const names = adr.superseded_by.map((successor) =>
    successor.partial
      ? wordCliMessage('adr_partly', { name: successor.adr_id ?? successor.document_id })
      : (successor.adr_id ?? successor.document_id),
  );
  return `${wordCliMessage('adr_superseded_by', { names: names.join(', ') })}${adr.drift ? ` — ${wordCliMessage('adr_drift')}` : ''}`;
}

function adrLines(adr: AdrEntry, adrIdOf: (documentId: string) => string | null): string[] {
  const head = `${name(adr).padEnd(10)} ${(adr.status ?? wordCliMessage('adr_no_status')).padEnd(17)} ${adr.freshness.state.toUpperCase().padEnd(7)} ${shownTitle(adr.title ?? '')}`;
  const lines = [head.trimEnd(), `           ${adr.document_id}${dateWords(adr)}`];
  if (adr.status_text && adr.status_text !== adr.status)
    lines.push(`           ${wordCliMessage('adr_status_as_written', { status: adr.status_text })}`);
  const nameDocument = (documentId: string) =>
    adr.superseded_by.find((successor) => successor.document_id === documentId)?.adr_id ?? adrIdOf(documentId) ?? documentId;
  lines.push(`           ${wordCliMessage('adr_freshness', { verdict: freshnessLine(adr.freshness, nameDocument) })}`);
  const successors = successorsLine(adr);
  if (successors) lines.push(`           ${successors}`);
  for (const suggestion of adr.suggestions) lines.push(...suggestionLines(suggestion));
  return lines;
}

/** One suggestion: its kind in words with the score, why, then each piece of evidence quoted with the record it is from. */
function suggestionLines(suggestion: AdrSuggestion): string[] {
  const head = `           ${wordCliMessage('adr_suggested_stale', {
    kind: wordSuggestionKind(suggestion.kind),
    score: wordSuggestionMessage('score', { score: suggestion.score.toFixed(2) }),
    reason: wordSuggestion(suggestion),
  })}`;
  return [head, ...suggestion.evidence.map((evidence) => `             ${evidence.adr_id ?? evidence.document_id}: “${evidence.quote}”`)];
}

/** The closing lines about suggestions, when they were asked for: how many, that none is applied, and which texts were cut. */
function suggestionSummary(listing: AdrListing): string[] {
  const reading = listing.suggestion_reading;
  if (reading === undefined) return [];
  const suggested = listing.adrs.filter((adr) => adr.suggestions.length > 0).length;
  const total = listing.adrs.reduce((sum, adr) => sum + adr.suggestions.length, 0);
  const lines = [
    wordCliMessage('adr_suggestion_summary', {
      suggestions: wordCounted('count_suggestions', total),
      adrs: wordCounted('count_adrs', suggested),
      note: wordSuggestionMessage('never_applied'),
    }),
  ];
  if (reading.capped.length > 0)
    lines.push(wordCounted('adr_text_capped', reading.capped.length, { cap: reading.text_cap_chars, ids: reading.capped.join(', ') }));
  if (reading.truncated) lines.push(wordCliMessage('adr_texts_truncated'));
  return lines;
}

/** The ADR list: one block per ADR, then the counts per freshness state and how to mark one. */
export function formatAdrList(raw: AdrListing): string {
  const listing = terminalSafeDeep(raw);
  if (listing.adrs.length === 0) return `${wordCliMessage('adr_none')}\n`;
  const count = (state: Freshness['state']) => listing.adrs.filter((adr) => adr.freshness.state === state).length;
  const marked = listing.adrs.filter((adr) => adr.mark !== null).length;
  const adrIds = new Map(listing.adrs.map((adr) => [adr.document_id, adr.adr_id]));
  const lines = listing.adrs.flatMap((adr) => adrLines(adr, (documentId) => adrIds.get(documentId) ?? null));
  lines.push(
    '',
    wordCliMessage('adr_counts', {
      adrs: wordCounted('count_adrs', listing.adrs.length),
      current: count('current'),
      stale: count('stale'),
      unknown: count('unknown'),
      marked,
    }),
    ...suggestionSummary(listing),
    wordCliMessage('adr_mark_hint'),
  );
  if (listing.truncated) lines.push(wordCliMessage('adr_list_truncated'));
  return `${lines.join('\n')}\n`;
}

function entryLine(entry: StaleMarkEntry): string {
  const successor = entry.successor_document_id ? ` (successor ${entry.successor_document_id})` : '';
  return `${entry.recorded_at}  ${entry.action.padEnd(6)} by ${entry.recorded_by}: ${entry.reason}${successor}`;
}

/** What a mark or unmark recorded, and the freshness later runs now give the document. */
export function formatMarkResult(raw: AdrMarkResult): string {
  const result = terminalSafeDeep(raw);
  const done = result.entry.action === 'mark' ? 'Marked' : 'Unmarked';
  const lines = [`${done} ${result.entry.document_id}: ${entryLine(result.entry)}`];
  const { replaced } = result;
  if (replaced)
    lines.push(wordCliMessage('adr_mark_replaced', { by: replaced.marked_by, at: replaced.marked_at, reason: replaced.reason }));
  lines.push(
    result.freshness === null
      ? wordCliMessage('adr_document_gone')
      : wordCliMessage('adr_later_runs', { detail: freshnessLine(result.freshness) }),
  );
  return `${lines.join('\n')}\n`;
}

/** A mark history in the order recorded. */
export function formatHistory(raw: AdrHistory): string {
  const history = terminalSafeDeep(raw);
  if (history.entries.length === 0)
    return `${history.document_id === null ? wordCliMessage('adr_none_marked') : wordCliMessage('adr_never_marked', { document: history.document_id })}\n`;
  const lines = history.entries.map((entry) =>
    history.document_id === null ? `${entry.document_id}  ${entryLine(entry)}` : entryLine(entry),
  );
  return `${lines.join('\n')}\n`;
}
