import type { AdrLink } from './adr-link';
import { statementsIn, type Statement } from './adr-statements';
import { atxHeading, metaLine } from './markdown-line-scan';

/** The lifecycle states an ADR can be in, after mapping the many ways teams write them. */
export type AdrStatus =
  | 'proposed'
  | 'accepted'
  | 'rejected'
  | 'deprecated'
  | 'superseded'
  | 'partly_superseded'
  | 'pending'
  | 'unknown';

/** Where the status came from: an adr-tools `## Status` section, a MADR `Status:` line, front matter, or nowhere. */
export type AdrStatusSource = 'nygard' | 'madr' | 'front_matter' | 'none';

/** What one ADR says about itself. */
export interface AdrFacts {
  /** Front matter `adr_id`, else `ADR-<digits>` from the file name or the title, else the file name without `.md`. */
  adr_id: string;
  /** The ADR's number, taken from the same place as `adr_id`; null when it has none. */
  number: number | null;
  /** The first `# ` heading without a leading number such as "3. "; front matter `title` when there is no heading. */
  title: string | null;
  /** The mapped status; `unknown` when no status was written or the words are not recognised. */
  status: AdrStatus;
  /** The status text that decided `status`, verbatim and trimmed; null when there is none. */
  status_raw: string | null;
  /** Where `status_raw` was found. */
  status_source: AdrStatusSource;
  /** The decision date as `YYYY-MM-DD`, from front matter `decided_at`/`date` or a `Date:` line. */
  decided_at: string | null;
  /** Supersession statements in the order they appear; amendments are not supersessions and are left out. */
  links: AdrLink[];
}

/** The parts of one markdown file that {@link parseAdr} reads. */
export interface AdrInput {
  /** The file's name or its path relative to the corpus folder. */
  fileName: string;
  /** The markdown body after any front matter. */
  body: string;
  /** The parsed front matter, `{}` when there is none. */
  frontMatter: Record<string, unknown>;
}

interface Line {
  index: number;
  text: string;
}

// Every expression below is anchored or has no two adjacent quantifiers that can share characters,
// so each runs in time linear in its input; headings and metadata lines, whose expressions
// backtracked, are read by the scanners in markdown-line-scan.ts.
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// Applied to a heading's text, which holds no line terminator: `\s*` then `:` or the end.
const STATUS_HEADING = /^(?:status|상태)\s*(?::\s*(.*))?$/i;
const LIST_OR_TABLE_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|\|)/;
const ADR_DOC_TYPE = /^(?:adr|decision|architecture[-_ ]decision(?:[-_ ]record)?)$/i;
const ADR_FOLDER = /(?:^|[\\/])(?:adrs?|decisions|architecture[-_ ]decisions?|decision[-_ ]records?)[\\/]/i;
const ADR_FILE_NAME = /^adr[-_ ]?\d/i;
const FILE_NUMBER = /^(?:adr[-_ ]?)?(\d+)(?=[-_ .]|$)/i;
const TITLE_NUMBER = /^(?:adr[-_ #]*)?(\d+)\s*[.:)]\s+|^adr[-_ #]*(\d+)\s+(?:[-–—:]\s*)?/i;
// How far down a MADR metadata list may sit when the file has no `##` heading to stop at.
const TOP_LINES = 40;
const STATUS_RANK: Record<AdrStatus, number> = {
  unknown: 0, proposed: 1, pending: 2, accepted: 3, rejected: 4, deprecated: 4, partly_superseded: 5, superseded: 6,
};

/**
 * Reads one ADR's id, title, status, decision date and supersession statements.
 *
 * A document is an ADR when front matter `doc_type` says so (`adr`, `decision`,
 * `architecture-decision[-record]`); a `doc_type` naming anything else makes it not an ADR,
 * whatever its text says. Without `doc_type`, it is an ADR when its path looks like one
 * (`adr-007-x.md`, or a folder named `adr`, `adrs`, `decisions`, …) or when a status that maps
 * to a known {@link AdrStatus} is found. Numbered file names alone (`01-intro.md`) are not enough.
 *
 * Status precedence: front matter `status`, then a `## Status` section, then a MADR `Status:`
 * line above the first `##` heading. Within a section the most advanced state wins
 * (superseded > partly superseded > deprecated/rejected > accepted > pending > proposed).
 *
 * @returns the facts, or null when the document is not an ADR
 */
export function parseAdr(input: AdrInput): AdrFacts | null {
  const lines = visibleLines(input.body);
  const fm = input.frontMatter;
  const excluded = new Set<number>();

  const nygard = nygardStatus(lines, excluded);
  const madr = madrMeta(lines, excluded);
  const fmStatus = scalarText(fm['status']);
  const chosen =
    fmStatus !== null
      ? { status: normaliseAdrStatus(fmStatus) ?? 'unknown', raw: fmStatus, source: 'front_matter' as const }
      : nygard ?? (madr.status !== null ? { status: normaliseAdrStatus(madr.status) ?? 'unknown', raw: madr.status, source: 'madr' as const } : null);
  const status: AdrStatus = chosen?.status ?? 'unknown';

  const docType = scalarText(fm['doc_type']);
  const isAdr = docType !== null ? ADR_DOC_TYPE.test(docType) : ADR_FOLDER.test(input.fileName) || ADR_FILE_NAME.test(baseName(input.fileName)) || status !== 'unknown';
  if (!isAdr) return null;

  const statusTexts = [...(nygard?.lines ?? []), ...(madr.status !== null ? [madr.status] : []), ...(fmStatus !== null ? [fmStatus] : [])];
  const links: AdrLink[] = [];
  const seen = new Set<string>();
  const add = (statements: Statement[], statedIn: AdrLink['stated_in']) => {
    for (const s of statements) {
      // A record whose own status says "partly superseded" qualifies every successor it names.
      const partial = s.partial || (s.relation === 'superseded_by' && status === 'partly_superseded');
      const key = `${s.relation}\u0000${s.target}\u0000${statedIn}\u0000${partial}`;
      if (!seen.has(key)) {
        seen.add(key);
        links.push({ relation: s.relation, partial, target: s.target, stated_in: statedIn });
      }
    }
  };
  for (const text of statusTexts) add(statementsIn(text), 'status');
  add(frontMatterStatements(fm), 'status');
  for (const paragraph of bodyParagraphs(lines, excluded)) add(statementsIn(paragraph), 'body');

  const title = titleOf(lines, fm);
  const ids = identify(input.fileName, fm, title.number);
  return {
    adr_id: ids.adr_id,
    number: ids.number,
    title: title.text,
    status,
    status_raw: chosen?.raw ?? null,
    status_source: chosen?.source ?? 'none',
    decided_at: isoDate(fm['decided_at']) ?? isoDate(fm['date']) ?? (madr.date !== null ? isoDate(madr.date) : null),
    links,
  };
}

/**
 * Maps one status line to an {@link AdrStatus}: "Approved" → accepted, "Partly superseded by …" →
 * partly_superseded, Korean "승인" → accepted, and so on. Unrecognised words give `unknown`.
 *
 * @returns null when the line is not a status at all (`Supersedes …`, `Amended by …`, `Amends …`)
 */
export function normaliseAdrStatus(raw: string): AdrStatus | null {
  const s = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[\s>*_`-]+/, '')
    .replace(/^(?:status|상태)\s*:\s*/, '')
    .replace(/^[\s*_`]+/, '');
  if (/^(?:amend|supersedes\b|superseding\b)/.test(s)) return null;
  if (/^(?:partly|partially|in part|part)\b.*supersed|^supersed\w*\s+(?:in part|partly|partially)|^일부\s*대체/.test(s)) return 'partly_superseded';
  if (/^supersed|^대체(?:됨|되었|된)/.test(s)) return 'superseded';
  if (/^(?:accepted|approved|adopted|agreed)\b|^(?:승인|채택|수락)/.test(s)) return 'accepted';
  if (/^(?:proposed|proposal|draft)\b|^(?:제안|초안)/.test(s)) return 'proposed';
  if (/^(?:pending|on hold|in review|under review)\b|^(?:보류|검토\s*중|대기)/.test(s)) return 'pending';
  if (/^(?:rejected|declined|refused)\b|^(?:거부|거절|기각|반려)/.test(s)) return 'rejected';
  if (/^(?:deprecated|obsolete|retired|withdrawn)\b|^(?:폐기|사용\s*중단)/.test(s)) return 'deprecated';
  return 'unknown';
}

/** Body lines with fenced code blanked out, so nothing inside code is read as a heading or statement. */
function visibleLines(body: string): Line[] {
  const out: Line[] = [];
  let fence: string | null = null;
  body.split(/\r?\n/).forEach((text, index) => {
    const marker = FENCE.exec(text)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
      out.push({ index, text: '' });
    } else if (marker) {
      fence = marker;
      out.push({ index, text: '' });
    } else {
      out.push({ index, text });
    }
  });
  return out;
}

/** The `## Status` section: its non-blank lines and the status they decide; marks them as not body. */
function nygardStatus(lines: Line[], excluded: Set<number>): { status: AdrStatus; raw: string; source: 'nygard'; lines: string[] } | null {
  const start = lines.findIndex((l) => STATUS_HEADING.test(atxHeading(l.text)?.text ?? '\u0000'));
  if (start === -1) return null;
  const heading = lines[start] as Line;
  excluded.add(heading.index);
  const statusLines: string[] = [];
  const inline = STATUS_HEADING.exec(atxHeading(heading.text)?.text ?? '')?.[1]?.trim();
  if (inline) statusLines.push(inline);
  for (const line of lines.slice(start + 1)) {
    if (atxHeading(line.text)) break;
    excluded.add(line.index);
    const trimmed = line.text.trim();
    if (trimmed !== '') statusLines.push(trimmed);
  }

  let best: { status: AdrStatus; raw: string } | null = null;
  for (const raw of statusLines) {
    const status = normaliseAdrStatus(raw);
    if (status !== null && (best === null || STATUS_RANK[status] > STATUS_RANK[best.status])) best = { status, raw };
  }
  if (best === null && statusLines.length === 0) return null;
  return { status: best?.status ?? 'unknown', raw: best?.raw ?? (statusLines[0] as string), source: 'nygard', lines: statusLines };
}

/** `Status:` and `Date:` lines above the first `##` heading (MADR lists, adr-tools date lines). */
function madrMeta(lines: Line[], excluded: Set<number>): { status: string | null; date: string | null } {
  let status: string | null = null;
  let date: string | null = null;
  for (const line of lines.slice(0, TOP_LINES)) {
    const heading = atxHeading(line.text);
    if (heading && heading.level >= 2) break;
    const meta = metaLine(line.text);
    if (!meta?.key || !meta.value) continue;
    const key = meta.key.toLowerCase();
    if ((key === 'status' || key === '상태') && status === null) {
      status = meta.value;
      excluded.add(line.index);
    } else if (key !== 'status' && key !== '상태' && date === null) {
      date = meta.value;
    }
  }
  return { status, date };
}

/** Blank-line separated paragraphs outside the status lines and headings; list items and table rows stand alone. */
function bodyParagraphs(lines: Line[], excluded: Set<number>): string[] {
  const out: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) out.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
    if (excluded.has(line.index) || line.text.trim() === '' || atxHeading(line.text)) {
      flush();
      continue;
    }
    if (LIST_OR_TABLE_LINE.test(line.text)) flush();
    current.push(line.text);
  }
  flush();
  return out;
}

/** Front matter `superseded_by` / `supersedes`: a reference or a list of references. */
function frontMatterStatements(fm: Record<string, unknown>): Statement[] {
  const refs = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).map(scalarText).filter((v): v is string => v !== null);
  return [
    ...refs(fm['superseded_by']).map((target) => ({ relation: 'superseded_by' as const, partial: false, target })),
    ...refs(fm['supersedes']).map((target) => ({ relation: 'supersedes' as const, partial: false, target })),
  ];
}

/** The first `# ` heading, without a leading ADR number; that number is returned separately. */
function titleOf(lines: Line[], fm: Record<string, unknown>): { text: string | null; number: { digits: string } | null } {
  for (const line of lines) {
    const heading = atxHeading(line.text);
    if (heading?.level !== 1 || !heading.text) continue;
    const numbered = TITLE_NUMBER.exec(heading.text);
    const rest = numbered ? heading.text.slice(numbered[0].length).trim() : heading.text;
    const digits = numbered?.[1] ?? numbered?.[2];
    return { text: rest || heading.text, number: digits ? { digits } : null };
  }
  return { text: scalarText(fm['title']), number: null };
}

/** `adr_id` and `number`, preferring front matter, then the file name, then the title. */
function identify(fileName: string, fm: Record<string, unknown>, titleNumber: { digits: string } | null): { adr_id: string; number: number | null } {
  const base = baseName(fileName);
  const fmId = scalarText(fm['adr_id']);
  if (fmId !== null) {
    const digits = /\d+/.exec(fmId)?.[0];
    return { adr_id: fmId, number: digits ? Number.parseInt(digits, 10) : null };
  }
  const digits = FILE_NUMBER.exec(base)?.[1] ?? titleNumber?.digits;
  if (digits) return { adr_id: `ADR-${digits}`, number: Number.parseInt(digits, 10) };
  return { adr_id: base.replace(/\.(?:md|markdown)$/i, ''), number: null };
}

/** A `YYYY-MM-DD` date from `2017-07-14`, `2017/7/14`, `2017.07.14` or `2017년 7월 14일`; null otherwise. */
function isoDate(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  const text = scalarText(value);
  if (text === null) return null;
  const m = /(\d{4})\s*(?:[-/.]|년)\s*(\d{1,2})\s*(?:[-/.]|월)\s*(\d{1,2})/.exec(text);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}
