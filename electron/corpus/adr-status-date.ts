// Dates a status carries beside its words, other than right after them (adr-record.ts `dateAfterStatus`):
// - a mark's own date, `✅ (2026-08-19, confirmed 2026-08-21)`: the date written with the mark is the day the
//   state was reached; a later "confirmed", "reviewed" or "verified" date beside it is a re-check of it, as real
//   trackers write `✅ (2026-09-02, closed by B22.6)` or "approved 2026-06-09, confirmed 2026-06-11";
// - a remark after the status that says when the decision was taken, "Accepted. Agreed at the architecture board
//   on 4 March 2026.": only with a verb of deciding, and only the date that verb is dated by, so "Accepted. The
//   contract ends on 4 March 2027." or "Approved, to be reviewed on 1 June 2027." date nothing.
import { readDate, type DateRead } from './adr-date';
import { latestTransition, readStatusPhrase } from './adr-status';
import { DATE_META_KEYS } from './markdown-line-scan';

// A status line's lead (a list marker, a quote mark, emphasis), one mark with its variation selectors and joiners, then
// what opens its date: a bracket or a dash. No two adjacent quantifiers share a character: linear.
const MARK_LEAD = /^[\s>*_+-]*[\p{Extended_Pictographic}\p{So}][\p{Extended_Pictographic}\p{So}\uFE0F\u200D]*/u;
const DATE_OPENER = /^[\s*_]*(?:[(（[—–·:,-][\s*_]*)?/u;

/** The date a status written as a mark opens with (`✅ (2026-08-19, confirmed 2026-08-21)` → 2026-08-19), or null. */
export function markDate(raw: string): DateRead | null {
  const mark = MARK_LEAD.exec(raw);
  if (mark === null) return null;
  const rest = raw.slice(mark[0].length);
  return readDate(rest.slice(DATE_OPENER.exec(rest)?.[0].length ?? 0));
}

// A label of a date in a status's remark (`Zaakceptowane. Data: 2026-07-01.`, `Accepted · Date: 2026-07-01`): a word or
// two after the start, a stop, a comma, a bracket or a middle dot, then a colon. Bounded: linear.
const REMARK_LABEL = /(?:^|[\s.,;(·|])(\p{L}[\p{L} ]{0,24}?)\s?[:：]\s*/gu;

/** The date a label of a date gives in a status's remark (`Zaakceptowane. Data: 2026-07-01.` → 2026-07-01), or null. */
export function labelledDate(statusText: string): DateRead | null {
  const rest = readStatusPhrase(latestTransition(statusText))?.rest;
  if (rest === undefined) return null;
  for (const label of rest.slice(0, MAX_REMARK).matchAll(REMARK_LABEL)) {
    if (!DATE_META_KEYS.has((label[1] as string).toLowerCase())) continue;
    const dated = readDate(rest.slice(label.index + label[0].length));
    if (dated !== null) return dated;
  }
  return null;
}

// A verb saying the decision was taken, as a remark after the status writes it.
const DECISION_VERB = /\b(?:agreed|decided|approved|ratified|adopted|endorsed|signed[\s-]+off)\b/gi;
// What, between the verb and the date, makes the date another event's: a plan, a review, an end.
const OTHER_EVENT =
  /\b(?:to|will|review|reviewed|revisit|revisited|re-?evaluat\w*|expir\w*|until|ends?|ending|due|next|deadline|before|after|from|starting|effective)\b/i;
// A word that opens the date of the verb: "on 4 March 2026", "dated 2026-03-04", or the date itself.
const DATE_WORD = /(?:^|\s)(?:on|dated)\s+/i;
// The end of the remark's clause: a semicolon, a sentence's full stop, a line break.
const CLAUSE_END = /;|\.(?=\s|$)|\n/;
// A remark is short: the verb is looked for in its first characters only.
const MAX_REMARK = 600;

/**
 * The date a remark after an accepted or rejected status gives its decision ("Accepted. Agreed at the architecture
 * board on 4 March 2026." → 2026-03-04), or null: the remark must hold a verb of deciding, and the date must follow
 * it in its clause, right after it or after "on", with no plan, review or end between (`OTHER_EVENT`).
 */
export function remarkDate(statusText: string): DateRead | null {
  const rest = readStatusPhrase(latestTransition(statusText))?.rest;
  if (rest === undefined) return null;
  const remark = rest.slice(0, MAX_REMARK);
  for (const verb of remark.matchAll(DECISION_VERB)) {
    const after = remark.slice(verb.index + verb[0].length);
    const clause = after.slice(0, after.search(CLAUSE_END) === -1 ? after.length : after.search(CLAUSE_END));
    const direct = readDate(clause.replace(/^[\s*_:,]+/, ''));
    if (direct !== null) return direct;
    const on = DATE_WORD.exec(clause);
    if (on === null || OTHER_EVENT.test(clause.slice(0, on.index))) continue;
    const dated = readDate(clause.slice(on.index + on[0].length));
    if (dated !== null) return dated;
  }
  return null;
}
