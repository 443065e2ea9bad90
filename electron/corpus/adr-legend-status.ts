// A status written as a mark alone (`**Status:** ✅`, `| Status | 🔶 |`, `🔮 (candidate for v2)`) says nothing by itself:
// teams give their marks a meaning in a legend, in the file that holds the decisions (an arc42 chapter's "Status legend:
// ✅ decided & implemented · 🔶 decided, partly implemented · 🔮 candidate") or in the folder's README (a table `| Emoji |
// Status | Meaning |` with a row `| ❌ | Deprecated | No longer applies |`). The same mark means different things in
// different folders (❌ is rejected in one, deprecated in another), so a mark is read only through a legend its own file
// or folder writes, never guessed.
import path from 'node:path';
import { normaliseAdrStatus, type AdrStatus } from './adr-status';
import { markDate } from './adr-status-date';
import type { AdrRecord } from './adr-supersession';
import type { LoadedDocument } from './corpus-model';

type Legend = ReadonlyMap<string, AdrStatus>;

// One mark: pictographs and symbols, with their variation selectors and joiners (`⚠️`, `🏳️‍🌈`); no letter, digit or space.
const MARK = /^[\p{Extended_Pictographic}\p{So}\u{FE0F}\u{200D}]+/u;
// A line that introduces a legend: "Status legend:", "Legend —", "Status key:".
const LEGEND_LINE = /\b(?:legend|key)\b/i;
// What ends one entry of a legend written on a line: a middle dot, a bar, a semicolon, or the next mark.
const ENTRY_BREAK = /[·|;]/;
// A remark the status may carry after its mark: in brackets, or after a dash or a middle dot.
const REMARK = /^\s*(?:$|[([{（]|[-—–·:,])/u;
// The longest line read for a legend: a legend is short.
const MAX_LEGEND_LINE = 400;

/** The mark a text opens with (without a trailing variation selector), or null. */
function markAt(text: string): string | null {
  const found = MARK.exec(text.trim());
  return found === null ? null : found[0].replace(/\u{FE0F}/gu, '');
}

/** The status of a legend's words for a mark ("decided & implemented" → accepted), or null when they name none. */
function legendStatus(words: string): AdrStatus | null {
  const status = normaliseAdrStatus(words.trim());
  return status === null || status === 'unknown' ? null : status;
}

/** The legend a document's text writes: table rows pairing a mark cell with a status cell, and the marks of a legend line. */
export function legendOf(body: string): Map<string, AdrStatus> {
  const legend = new Map<string, AdrStatus>();
  const add = (mark: string | null, words: string) => {
    const status = mark === null ? null : legendStatus(words);
    if (mark !== null && status !== null && !legend.has(mark)) legend.set(mark, status);
  };
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('|')) {
      const cells = trimmed
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim());
      const at = cells.findIndex((cell) => cell !== '' && markAt(cell) === cell.replace(/\u{FE0F}/gu, ''));
      if (at !== -1 && cells[at + 1] !== undefined) add(markAt(cells[at] as string), cells[at + 1] as string);
      continue;
    }
    if (trimmed.length > MAX_LEGEND_LINE || !LEGEND_LINE.test(trimmed)) continue;
    // "Status legend: ✅ decided & implemented · 🔶 decided, partly implemented · 🔮 candidate": each mark and its words.
    const afterLabel = trimmed.slice(trimmed.search(LEGEND_LINE));
    const marks = [...afterLabel.matchAll(/[\p{Extended_Pictographic}\p{So}][\p{Extended_Pictographic}\p{So}\u{FE0F}\u{200D}]*/gu)];
    marks.forEach((found, k) => {
      const end = marks[k + 1]?.index ?? afterLabel.length;
      const words = afterLabel.slice(found.index + found[0].length, end).split(ENTRY_BREAK)[0] ?? '';
      add(found[0].replace(/\u{FE0F}/gu, ''), words.replace(/^[\s:=—–-]+/, ''));
    });
  }
  return legend;
}

/** The mark a status written as a mark alone opens with (`✅`, `🔶 (engine live)`), or null when words stand beside it. */
export function loneMark(raw: string): string | null {
  const text = raw.trim();
  const found = MARK.exec(text);
  if (found === null || !REMARK.test(text.slice(found[0].length))) return null;
  return found[0].replace(/\u{FE0F}/gu, '');
}

/**
 * Gives each record whose status is a mark alone the status the legend of its own file, else of its folder (a
 * README or index beside it), gives that mark, in `records` and in the document it loads as. A mark no legend
 * names stays `unknown`, its text kept.
 */
export function settleLegendStatuses(records: AdrRecord[], documents: LoadedDocument[], bodies: ReadonlyMap<string, string>): void {
  const byFile = new Map<string, Map<string, AdrStatus>>();
  const byFolder = new Map<string, Map<string, AdrStatus>>();
  const waiting = records.filter((record) => record.facts.status === 'unknown' && loneMark(record.facts.status_raw ?? '') !== null);
  if (waiting.length === 0) return;
  for (const doc of documents) {
    const body = doc.adr === null ? bodies.get(doc.document_id) : undefined;
    if (body === undefined || !MARK_ANYWHERE.test(body)) continue;
    const legend = legendOf(body);
    if (legend.size === 0) continue;
    merge(byFile, doc.file, legend);
    merge(byFolder, path.posix.dirname(doc.file), legend);
  }
  const places = new Map(documents.map((doc, at) => [doc.document_id, at]));
  for (const record of waiting) {
    const mark = loneMark(record.facts.status_raw ?? '') as string;
    const status = byFile.get(record.fileName)?.get(mark) ?? byFolder.get(path.posix.dirname(record.fileName))?.get(mark);
    if (status === undefined) continue;
    // A decided mark's own date (`✅ (2026-08-19)`) dates a record no other date of its text does.
    const dated = DECIDED.has(status) && record.facts.decided_at === null ? markDate(record.facts.status_raw ?? '') : null;
    const decision = dated === null ? {} : { decided_at: dated.date, dated_by: 'decision' as const };
    record.facts = { ...record.facts, status, ...decision };
    const at = places.get(record.document_id);
    const doc = at === undefined ? undefined : documents[at];
    if (at !== undefined && doc?.adr) documents[at] = { ...doc, adr: { ...doc.adr, status, ...decision } };
  }
}

// The states that take a decision, whose date is the decision's.
const DECIDED = new Set<AdrStatus>(['accepted', 'rejected']);

const MARK_ANYWHERE = /[\p{Extended_Pictographic}\p{So}]/u;

function merge(into: Map<string, Map<string, AdrStatus>>, key: string, legend: Legend): void {
  const known = into.get(key) ?? new Map<string, AdrStatus>();
  for (const [mark, status] of legend) if (!known.has(mark)) known.set(mark, status);
  into.set(key, known);
}
