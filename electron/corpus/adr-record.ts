import { numericDateReading, readDate, type DateRead, type NumericDateReading } from './adr-date';
import type { AdrLink } from './adr-link';
import { bodyParagraphs, bodyReferences, visibleLines, type Line } from './adr-lines';
import { labelledDate, markDate, remarkDate } from './adr-status-date';
import { adrPathFacts, dateOfName, fileSeriesId, folderEndsRecord, rfcTextNumber, type AdrPathFacts } from './adr-path';
import { linkTargetsIn, namesOutsideSuccessor, outsideLink, statementsIn, type Statement } from './adr-statements';
import {
  isUnfilledOptionList,
  latestTransition,
  normaliseAdrStatus,
  readStatusPhrase,
  writtenDayFirst,
  type AdrStatus,
} from './adr-status';
import {
  changelogDecision,
  sectionDate,
  sectionStatus,
  statusSectionCount,
  hasDecisionSection,
  metadataSectionMeta,
  quotationLines,
  statusInTitle,
  statusUnderTitle,
  topMeta,
  type AdrStatusSource,
  type StatusField,
} from './adr-status-field';
import { bannerState, stateField } from './adr-banner';
import type { AdrDatedBy } from '../../shared/adr-marks';
import { atxHeading, DATE_META_KEYS, PROPOSAL_DATE_KEYS, STATUS_META_KEYS } from './markdown-line-scan';
import { markdownTextLinks, normaliseLabel, type ReferenceDefinitions } from './markdown-reference-links';

export type { AdrStatus } from './adr-status';
export { normaliseAdrStatus } from './adr-status';
export type { AdrStatusSource } from './adr-status-field';

/** What one ADR says about itself. */
export interface AdrFacts {
  /** Front matter `adr_id`, else `ADR-<digits>` from the file name or the title, else the file name without its extension. */
  adr_id: string;
  /** The ADR's number, taken from the same place as `adr_id`; null when it has none. */
  number: number | null;
  /** The first `# ` heading without a leading number such as "3. " or "ADR-3:"; front matter `title` when there is no heading. */
  title: string | null;
  /** The mapped status; `unknown` when no status was written or the words are not recognised. */
  status: AdrStatus;
  /** The status line that decided `status`, verbatim and trimmed; null when there is none. */
  status_raw: string | null;
  /** Everything the status says as written (all lines of a `## Status` section); null when there is none. */
  status_text: string | null;
  /** Where the status was found. */
  status_source: AdrStatusSource;
  /**
   * The decision date as `YYYY-MM-DD`, from front matter `decided_at`, the record's own `Date:` line or
   * `## Date` section, then front matter `date` (a month alone gives its first day), else the date the
   * file name opens with (`20200926-x.md`).
   */
  decided_at: string | null;
  /**
   * What `decided_at` is the date of: `proposal` when only the date the record was proposed or started on
   * dates it (`Proposed: 2021-03-04`, an RFC's `Start Date:`), so it is worded "proposed", not "decided";
   * `decision` for every other date; null when no date was read. An ambiguous all-numeric date keeps its
   * basis while its folder decides its order (adr-date-order.ts).
   */
  dated_by: AdrDatedBy | null;
  /** Supersession statements in the order they appear. */
  links: AdrLink[];
  /**
   * For a record that states no status: a status word under a nested front matter key, which is not
   * read (only a top-level `status:` is), as its key path and value (`dct.isVersionOf`, `accepted`);
   * null otherwise. The load summary names it among the statuses not understood.
   */
  nested_status: { key: string; value: string } | null;
  /**
   * For a record that states no status: a status written as a link reference definition
   * (`[Status]: Accepted`, or in a list item `- [Status]: Accepted`), which Markdown renders as
   * nothing (GitHub shows an empty line or bullet), so it is not read as the status; the value as
   * written, null otherwise. The load summary names it among the statuses not understood.
   */
  status_as_definition: string | null;
  /**
   * For a record whose status its folder gave (`adr/superseded/0003-x.md`, `decisions/archive/…`, or
   * `decisions/accepted/…` for a record that states none): the folder as written, and the live status its
   * text still states (`Accepted`, `Proposed`) that a folder of records no longer in force overrode, null
   * when its text states none. Null for every other record.
   */
  lifecycle_folder: { folder: string; overrides: string | null } | null;
  /**
   * For a record a banner over its text retired (`:::warning Deprecated`, `> [!WARNING]` over `> Superseded by
   * ADR-7`) while its text states a status still live (`Status: Accepted`): the banner's first words as written and
   * the status stated, so the load says the two disagree. Null for every other record.
   */
  banner_overrides: { banner: string; status: string } | null;
  /**
   * For a record whose file name carries a status word (`0007-accepted-use-postgres.md`) that its stated status
   * contradicts (`Status: Superseded by ADR-0009`): the word as written in the name and the status stated, which
   * wins. Null for every other record.
   */
  name_status_differs: { word: string; status: string } | null;
  /**
   * The successor a record's status or text names outside any folder of records, as written (`PR #123`, `RFC-7`,
   * `https://github.com/o/r/pull/12`, another repository's record `https://github.com/o/platform/blob/main/docs/adr/0004-x.md`),
   * for which no edge is drawn; null otherwise. A web address that turns out to be a record of the folder is cleared
   * when its edge is made (`settleOutsideSuccessors`).
   */
  successor_outside: string | null;
  /**
   * Whether that successor replaces only part of the record (`Accepted, partly superseded by https://…`, `Amended by
   * https://…`): the record keeps its status, and is stale in part. False without one.
   */
  successor_outside_partial: boolean;
  /**
   * The all-numeric date that dated the record, and the order it is read in (`13/01/2024` day first); null for
   * any other date. One whose order is `ambiguous` (`03/01/2024`) dates the record only when its page date or
   * file name agrees with one reading; else `decided_at` is null and the folder's other records decide.
   */
  numeric_date: NumericDateReading | null;
}

/** The parts of one markdown file that {@link parseAdr} reads. */
export interface AdrInput {
  /** The file's name or its path relative to the corpus folder. */
  fileName: string;
  /** The markdown body after any front matter. */
  body: string;
  /** The parsed front matter, `{}` when there is none. */
  frontMatter: Record<string, unknown>;
  /** The name of the corpus folder itself, so a file at its top level counts as in an ADR folder when the folder is named like one. */
  rootFolder?: string;
  /**
   * For a decision log's section of a series of its own (`## DEC-002: Use Postgres`): the prefix as
   * written (`DEC-`) and the digits, its id wherever the log lies, as a series' file's name is in a
   * folder of records.
   */
  series?: { prefix: string; digits: string } | undefined;
  /**
   * For a decision log's section headed by a date and a title (`## 2024-03-01: Use SQLite`), read as a
   * file named so (`2024-03-01-use-sqlite.md`): a record by where it stands, known by that name.
   */
  logSection?: boolean | undefined;
  /**
   * Known by its whole file name (`DEC-20240301-use-sqlite`), not the day its series numbers it by: another
   * record of its folder has that day (see `sharedDayNames`).
   */
  wholeName?: boolean | undefined;
}

interface Title {
  text: string | null;
  /** The record number the title starts with, and whether `ADR` was written before it. */
  number: { digits: string; adrPrefixed: boolean } | null;
}

// Anchored, each quantifier followed by a character it cannot match: linear in the heading.
const ADR_DOC_TYPE = /^(?:adr|decision|decision[-_ ]record|architecture[-_ ]decision(?:[-_ ]record)?)$/i;
const TITLE_NUMBER = /^(?:(adr)[-_ #]*)?(\d+)\s*[.:)]\s+|^(adr)[-_ #]*(\d+)\s+(?:[-–—:]\s*)?/i;
const BARE_TITLE_NUMBER = /^(\d+)(?:\s+|-(?=\p{L}))/u;
// A number kept in the brackets of a filled-in template: `# [003]: [Title]`, `# [005] Title`, `# [ADR-007] Title`.
const BRACKETED_TITLE_NUMBER = /^\[(?:(adr)[-_ #]*)?(\d+)\][.:)]?\s+/i;
// The id of a record in a series (`PG-001: X`, `RL-001 - X`, `S001: X`), taken off when the file carries the same id.
// After a number that is a date, a dash before the slug (`DEC-20240301-use-sqlite`) separates too, and a letter
// or one or two digits after a dash, then the title, are the id's (`DEC-20240301-a Use SQLite`: records of one day).
const SERIES_TITLE_ID =
  /^([A-Z]{1,5}-?)(\d+(?:(?<=\d{8})-(?:[A-Za-z]|\d\d?)(?=[\s:.)–—]))?)(?:\s*[.:)]\s+|\s+(?:[-–—:]\s*)?|(?<=\d{8})-(?=[a-z\d]))/;

/**
 * Reads one ADR's id, title, status, decision date and supersession statements.
 *
 * A document is an ADR when front matter `doc_type` says so (`adr`, `decision`,
 * `architecture-decision[-record]`); a `doc_type` naming anything else makes it not an ADR,
 * whatever its text says. READMEs, indexes and templates are not records. Otherwise it is one when
 * any of these holds: its file name is `adr-NNN…`; its title is `ADR-NNN: …`; it is a numbered file
 * in a folder named like an ADR folder (`adr`, `adrs`, `decisions`, `architecture-decision-records`,
 * the folder given to load included); it states a status that maps to a known {@link AdrStatus}.
 * A status that is missing or not understood is enough together with a numbered title, a numbered
 * file name or an ADR folder, and so is a `Date:` line. A numbered file name alone is not enough.
 *
 * Status precedence: front matter `status`, then a `## Status` section, then a MADR `Status:`
 * line above the first `##` heading, then a `Status:` list item or table row of a `## Metadata`
 * section, then a status line right under the title. What a `## Metadata` section says makes the
 * page a record only in an ADR folder or beside a section a record is written in.
 *
 * @returns the facts, or null when the document is not an ADR
 */
export function parseAdr(input: AdrInput): AdrFacts | null {
  // Link reference definitions (`[adr9]: 0009-use-cockroach.md`) are not shown: no reader sees them as
  // text; the statements read reference-style links (`[ADR-0009][adr9]`) by them.
  const shown = visibleLines(input.body);
  const { definitions, lineIndices } = bodyReferences(shown);
  const lines =
    lineIndices.size === 0 ? shown : shown.map((line) => (lineIndices.has(line.index) ? { index: line.index, text: '' } : line));
  const fm = input.frontMatter;
  const excluded = new Set<number>();
  const section = sectionStatus(lines, excluded);
  const meta = topMeta(lines, excluded);
  const metadata = metadataSectionMeta(lines, excluded);
  const fmStatus =
    scalarText(fm['status']) ?? scalarText(valueByKey(fm, STATUS_META_KEYS)) ?? knownState(fm['state']) ?? knownState(fm['stage']);
  // A `State:` line or `## State` section, as some teams name the status, read when the record states none otherwise.
  const state =
    section === null && meta.status === null && metadata.status === null && fmStatus === null ? stateField(lines, excluded) : null;
  const underTitle =
    section === null && meta.status === null && metadata.status === null && fmStatus === null && state === null
      ? statusUnderTitle(lines, excluded)
      : null;
  // A tag on the title (`# [DEPRECATED] 3. Use C`) says the status of a record whose text states none.
  const onTitle =
    section === null && meta.status === null && metadata.status === null && fmStatus === null && state === null && underTitle === null
      ? statusInTitle(lines)
      : null;
  const statedField: StatusField | null =
    fmStatus !== null ? frontMatterStatus(fmStatus) : (section?.field ?? meta.status ?? metadata.status ?? state ?? underTitle ?? onTitle);
  // Front matter `deprecated: true` retires a record that states no status, or a live one (`status: accepted`).
  const chosen = deprecatedFlag(fm) && (statedField === null || LIVE_STATUSES.has(statedField.status)) ? DEPRECATED_FLAG : statedField;
  const found = adrPathFacts(input.fileName, input.rootFolder);
  const path = input.series
    ? // A series numbered by dates (`DEC-20240301`) is dated by its number, as a file named so is.
      { ...found, number: input.series.digits, idPrefix: input.series.prefix, adrNamed: true, nameDate: dateOfName(input.series.digits) }
    : input.logSection === true
      ? { ...found, adrNamed: true }
      : found;
  const title = titleOf(lines, fm, path.number, path.idPrefix, definitions);
  const dateText = meta.date ?? metadata.date;
  const decisionSections = hasDecisionSection(lines);
  // A `## Metadata` section is what plans and specs keep their status and date in too: what it says
  // counts towards the page being a record only in an ADR folder or beside a section a record is written in.
  const vouched = path.inAdrFolder || decisionSections;
  const fromMetadata = chosen !== null && chosen === metadata.status;
  // Nor does a tag on the title make a page a record (a plan titled `[SUPERSEDED] Plan: …`): it only says a record's status.
  const recognisedBy = (fromMetadata && !vouched) || (chosen !== null && chosen === onTitle) ? null : chosen;
  const datedBy = meta.date !== null || (metadata.date !== null && vouched);
  // A `text/` folder of a book's chapters (`text/0001-introduction.md`) is named as an RFC repository's is: a file
  // there is an RFC only when it carries something of one (a status, a date, an RFC header, a record's section).
  const bareText =
    path.rfcTextOnly &&
    input.series === undefined &&
    chosen === null &&
    !datedBy &&
    meta.start === null &&
    !decisionSections &&
    Object.keys(fm).length === 0 &&
    !hasRfcHeader(lines);
  if (bareText || !isAdr(fm, path, title, recognisedBy, datedBy, statusSectionCount(lines), decisionSections)) return null;

  const status: AdrStatus = chosen?.status ?? 'unknown';
  const ids = identify(fm, path, title.number, input.wholeName === true);
  // A banner over the text (`:::warning Deprecated`, `> [!WARNING]` over `> Superseded by ADR-12`) says the
  // state of a record that states none, or states one still live that the banner retires.
  const context = {
    isSelf: namesRecord(input.fileName, ids),
    definitions,
    // An RFC of an RFC repository's `text/` folder names the others as RFCs ("superseded by RFC 1234").
    series: ownSeries(path.idPrefix ?? fileSeriesId(input.fileName)?.prefix ?? (rfcTextNumber(input.fileName) !== null ? 'RFC-' : null)),
  };
  const banner =
    chosen === null || LIVE_STATUSES.has(status) ? bannerState(lines, excluded, (text) => retiringSentence(text, context)) : null;
  const statusTexts = [
    ...(banner ? [banner.text] : []),
    ...(section?.lines ?? []),
    ...(meta.status ? [meta.status.raw] : []),
    ...(metadata.status ? [metadata.status.raw] : []),
    ...(state ? [state.raw] : []),
    ...(underTitle ? [underTitle.raw] : []),
    ...(onTitle ? [onTitle.raw] : []),
    ...(fmStatus !== null ? [fmStatus] : []),
  ];
  // A template's unfilled list of statuses offers an example successor: it states none.
  const stating = statusTexts.filter((text) => !isUnfilledOptionList(text));
  // A quotation in a section ("The vendor's notice said: > Superseded by v2.") is someone else's words, not the record's.
  // So is a note in a section (`> [!NOTE]`, `:::note`, AsciiDoc's `NOTE:`): an aside, often about another record.
  const asciidoc = /\.(?:adoc|asciidoc)$/i.test(input.fileName);
  const prose = bodyParagraphs(lines, new Set([...excluded, ...quotationLines(lines, asciidoc)]));
  const links = collectLinks(banner?.status ?? status, stating, fm, prose, context);
  // A record that states no status but says in its text that another superseded it
  // (`:::note Superseded … This ADR has been superseded by [ADR014](…)`) is superseded; so is one
  // whose status words are not known but whose status names its successor (`ステータス: ADR-0012 により置き換え`).
  const successors =
    chosen === null
      ? links.filter((link) => link.relation === 'superseded_by')
      : status === 'unknown'
        ? links.filter((link) => link.relation === 'superseded_by' && link.stated_in === 'status')
        : [];
  const bannerSuccessors = links.filter((link) => link.relation === 'superseded_by' && link.stated_in === 'status');
  const stated =
    banner !== null
      ? banner.status === 'superseded' && bannerSuccessors.length > 0 && bannerSuccessors.every((link) => link.partial)
        ? 'partly_superseded'
        : banner.status
      : successors.length > 0
        ? successors.every((link) => link.partial)
          ? 'partly_superseded'
          : 'superseded'
        : status === 'superseded' && bannerSuccessors.length > 0 && bannerSuccessors.every((link) => link.partial)
          ? // "Replaced only in the EU region by ADR-0020": the status's own words name the part replaced.
            'partly_superseded'
          : chosen === null
            ? retiredInText(prose)
            : null;
  // A record moved into a folder named for its state (`superseded/`, `archive/`) without its text being
  // edited is no longer in force: the folder decides when the text states nothing, or a state still live.
  // A folder of open or decided records (`accepted/`, `proposed/`) stands in only for a status not stated.
  const lifecycle = path.lifecycleFolder;
  const stateWritten = stated ?? status;
  // A status word the file name carries (`0007-accepted-use-postgres.md`) says the state of a record whose text states
  // none; a stated one wins, and the load says the two disagree.
  const named = path.nameStatus !== null && !titleHoldsWord(title.text, path.nameStatus) ? path.nameStatus : null;
  const byName = named !== null && stateWritten === 'unknown' && chosen === null;
  const written = byName ? named.status : stateWritten;
  const byFolder = lifecycle !== null && (written === 'unknown' || (folderEndsRecord(lifecycle) && LIVE_STATUSES.has(written)));
  // The record's own `Date:` line or `## Date` section goes before front matter `date`, where a site
  // generator keeps its page date (Hugo, Jekyll): owncloud/ocis's records carry both, months apart.
  // A date labelled in the status itself (`Zaakceptowane. Data: 2026-07-01.`) is such a line too.
  const ownDate =
    (dateText !== null ? readDate(dateText) : null) ??
    sectionDate(lines) ??
    section?.date ??
    (chosen !== null ? labelledDate(chosen.text) : null);
  const pageDate = readDate(fm['date']) ?? readDate(valueByKey(fm, DATE_META_KEYS));
  // The date that dates the record, with the text it was read from: an all-numeric one is judged by that
  // text wherever it was written (a `Date:` line, beside the status, a history table), so none is guessed.
  const decisionSource =
    readDate(fm['decided_at']) ??
    (pageDate !== null ? (ownDate ?? pageDate) : null) ??
    readDate(dublinCoreIssued(fm)) ??
    ownDate ??
    (status === 'accepted' || status === 'rejected'
      ? (markDate(chosen?.raw ?? '') ??
        dateAfterStatus(chosen?.text ?? '') ??
        dateBeforeStatus(chosen?.raw ?? '') ??
        remarkDate(chosen?.text ?? '') ??
        changelogDecision(lines))
      : null);
  // The date it was proposed on (an RFC's `Start Date:`, `Proposed: 2021-03-04`, Ember's `start-date:`).
  const proposalSource = decisionSource === null ? (readDate(meta.start ?? metadata.start) ?? readDate(proposalDate(fm))) : null;
  const dateSource = decisionSource ?? proposalSource ?? (path.nameDate === null ? null : { date: path.nameDate, text: null });
  const dated = dateSource?.date ?? null;
  const numeric = numericDateOf(dateSource);
  // A page date agrees with an ambiguous one only when it is not as ambiguous itself.
  const pageTexts = [fm['date'], valueByKey(fm, DATE_META_KEYS)];
  const pageSays = pageTexts.some((text) => numericDateReading(text)?.order === 'ambiguous') ? null : (pageDate?.date ?? null);
  // A record whose status is in a language that writes the day first (`Aceito`) reads its date so.
  const language = chosen !== null && writtenDayFirst(chosen.raw) ? dated : null;
  const decidedAt = numeric?.order === 'ambiguous' ? (agreeingReading(numeric, [pageSays, path.nameDate]) ?? language) : dated;
  return {
    adr_id: ids.adr_id,
    number: ids.number,
    title: title.text,
    status: byFolder ? lifecycle.status : written,
    status_raw: chosen?.raw ?? null,
    status_text: chosen?.text ?? null,
    status_source: byFolder ? 'folder' : stated ? 'statement' : byName ? 'file_name' : (chosen?.source ?? 'none'),
    decided_at: decidedAt,
    dated_by: dateSource === null ? null : proposalSource !== null ? 'proposal' : 'decision',
    links,
    nested_status: chosen === null ? nestedStatus(fm) : null,
    status_as_definition: chosen === null ? statusAsDefinition(definitions) : null,
    ...outsideSuccessor(links, chosen?.raw ?? null, definitions),
    numeric_date: numeric,
    lifecycle_folder: byFolder
      ? { folder: lifecycle.folder, overrides: written !== 'unknown' && chosen !== null ? chosen.raw : null }
      : null,
    banner_overrides: banner !== null && chosen !== null ? { banner: bannerWords(banner.text), status: chosen.raw } : null,
    name_status_differs:
      named !== null && chosen !== null && stateWritten !== 'unknown' && !sameState(named.status, stateWritten)
        ? { word: named.word, status: chosen.raw }
        : null,
  };
}

/**
 * Whether a record's title carries the status word its file name does at the same end (`0011-deprecated-apis.md`
 * titled "Deprecated APIs", `0012-keep-the-api-approved.md` titled "Keep the API approved"): the word is then the
 * title's, not a status. A record without a title gives nothing to tell the two apart, so the word is not read.
 */
function titleHoldsWord(title: string | null, named: NonNullable<AdrPathFacts['nameStatus']>): boolean {
  if (title === null) return true;
  const words = title.toLowerCase().match(/\p{L}+/gu) ?? [];
  return (named.at === 'start' ? words[0] : words.at(-1)) === named.word.toLowerCase();
}

/** A file name's state agrees with a stated one: the same, or a name saying superseded over a record partly superseded. */
function sameState(named: AdrStatus, stated: AdrStatus): boolean {
  return named === stated || (named === 'superseded' && stated === 'partly_superseded');
}

/**
 * A status phrase and nothing more that a link reference definition gives a status key as its
 * destination (`[Status]: Accepted`, `[상태]: <승인>`): Markdown shows no such line, so a reader of
 * the page sees no status. Null when no definition does.
 */
function statusAsDefinition(definitions: ReferenceDefinitions): string | null {
  for (const key of STATUS_META_KEYS) {
    const written = definitions.get(normaliseLabel(key));
    const value = written?.replace(/^<|>$/g, '').trim() ?? '';
    const phrase = value === '' ? null : readStatusPhrase(value);
    if (phrase && phrase.rest.trim() === '') return value;
  }
  return null;
}

/**
 * The successor a record names outside any folder of records, and whether it replaces only part of it: a supersession
 * statement's target that is a pull request, an RFC or a web address (`Superseded by PR #123`, `Partly superseded by
 * [platform ADR-4](https://github.com/o/platform/blob/main/docs/adr/0004-x.md)`, `Amended by https://…`), or a web page
 * its status links (`Superseded by [PR #88](https://…/pull/88)`, which names no record and makes no statement). A web
 * address of a record of the folder is cleared once its edge is made. Null when none.
 */
function outsideSuccessor(
  links: readonly AdrLink[],
  raw: string | null,
  definitions: ReferenceDefinitions,
): Pick<AdrFacts, 'successor_outside' | 'successor_outside_partial'> {
  const none = { successor_outside: null, successor_outside_partial: false };
  const outside = (link: AdrLink) => link.relation === 'superseded_by' && namesOutsideSuccessor(link.target);
  // A whole successor goes before one that replaces a part.
  const named = links.find((link) => outside(link) && !link.partial) ?? links.find(outside);
  if (named) return { successor_outside: named.target, successor_outside_partial: named.partial };
  if (raw === null || links.some((link) => link.relation === 'superseded_by')) return none;
  const phrase = readStatusPhrase(latestTransition(raw));
  const linked = phrase?.status === 'superseded' || phrase?.status === 'partly_superseded' ? outsideLink(phrase.rest, definitions) : null;
  return linked === null ? none : { successor_outside: linked, successor_outside_partial: phrase?.status === 'partly_superseded' };
}

// An RFC's header line (`- RFC PR: rust-lang/rfcs#1`, `- Feature Name: box_syntax`, `RFC Type: feature`); anchored, linear.
const RFC_HEADER = /^[\s>*+-]*(?:rfc[ _-]?(?:pr|type|status|number|issue)|feature[ _-]?name|rust[ _-]?issue)[*_]*\s*:/i;

/** Whether a line above the first heading below the title is an RFC's header line. */
function hasRfcHeader(lines: readonly Line[]): boolean {
  for (const line of lines) {
    const heading = atxHeading(line.text);
    if (heading !== null && heading.level >= 2) return false;
    if (RFC_HEADER.test(line.text)) return true;
  }
  return false;
}

/** A banner's title, else its first line, as a load warning quotes it (`Deprecated`, `Superseded by ADR-0007`). */
function bannerWords(text: string): string {
  const first = text.split('\n')[0] ?? '';
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}

// The states a record's text may still state after it was moved into a folder of records no longer in force.
const LIVE_STATUSES = new Set<AdrStatus>(['accepted', 'proposed', 'pending']);

/**
 * Dublin Core's date of issue under its `dct:` prefix (`dct: { issued: 2025-01-01 }`, as the ADRs of
 * ctekinay/aion-ainstein write it), read after the top-level `decided_at` and `date`.
 */
/** The all-numeric reading of the text that gave the record's date (read day first, as `decisionDate` reads it), or null. */
function numericDateOf(dated: DateRead | null): NumericDateReading | null {
  const reading = dated === null ? null : numericDateReading(dated.text);
  return reading !== null && (reading.day_first ?? reading.month_first) === dated?.date ? reading : null;
}

/** The reading of an ambiguous date that another date of the record (its page date, its file name's) agrees with, or null. */
function agreeingReading(reading: NumericDateReading, others: ReadonlyArray<string | null>): string | null {
  return others.find((other) => other !== null && (other === reading.day_first || other === reading.month_first)) ?? null;
}

function dublinCoreIssued(fm: Record<string, unknown>): unknown {
  const dct = fm['dct'];
  return dct !== null && typeof dct === 'object' && !Array.isArray(dct) ? (dct as Record<string, unknown>)['issued'] : undefined;
}

/**
 * The first value one level down in the front matter (`dct: { isVersionOf: accepted }`) that is a
 * status phrase and nothing more, with its key path; null when there is none. Never read as the status.
 */
function nestedStatus(fm: Record<string, unknown>): { key: string; value: string } | null {
  for (const [outer, inner] of Object.entries(fm)) {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) continue;
    for (const [key, value] of Object.entries(inner as Record<string, unknown>)) {
      const text = typeof value === 'string' ? value.trim() : '';
      const phrase = text === '' ? null : readStatusPhrase(text);
      if (phrase && phrase.rest.trim() === '') return { key: `${outer}.${key}`, value: text };
    }
  }
  return null;
}

// What opens a date right after the status words: `Accepted (2020-01-01)`, `Accepted on 12 March 2023`,
// `Accepted: 2021-03-04`, `Accepted（2026-07-21）`, `Accepted — 20 Mar 2023`; read after leading spaces and
// emphasis are trimmed, so no two quantifiers share characters (linear).
// Also "on" as Italian, Portuguese and Dutch write it: `accettata il 17 settembre 2026`, `Aceito em 2024-03-05`, `Geaccepteerd op 5 maart 2024`.
const BEFORE_DATE_AFTER_STATUS = /^(?:(?:[(（[—–·,:：-]|on\b|since\b|am\b|le\b|el\b|il\b|em\b|op\b)[\s*_]*)?/i;
// What may stand between the status words and their date: spaces, emphasis, and the emoji or symbol some
// teams mark a state with (`Accepted ✅ (2023-03-01)`, `Rejected ❌`, `Accepted ✔️`), with its variation selector or joiner.
const BEFORE_STATUS_DATE = /^[\s*_\p{So}\p{Sk}\uFE0F\u200D]+/u;

/**
 * The date a status line gives beside an accepted or rejected decision, for a record with no date
 * line of its own, in any form a `Date:` line takes (`2023-03-12`, `12 March 2023`, `March 12, 2023`,
 * `12/03/2023`). Not beside a superseded status: that date is the supersession's, not the decision's.
 */
function dateAfterStatus(text: string): DateRead | null {
  const rest = readStatusPhrase(latestTransition(text))?.rest;
  if (rest === undefined) return null;
  const trimmed = rest.replace(BEFORE_STATUS_DATE, '');
  return readDate(trimmed.slice(BEFORE_DATE_AFTER_STATUS.exec(trimmed)?.[0].length ?? 0));
}

// A list marker, a quote mark or emphasis before a status line's own text.
const LINE_MARKS = /^[\s>*_+-]+/;

/**
 * The date a status line opens with (`2023-03-12: Accepted`, `- 2023-03-14 Rejected`, `14 March 2023
 * Rejected`, `March 14, 2023 — Accepted`), as a history's
 * dated lines are written, for an accepted or rejected record whose line decided its status; null when
 * the line opens with no date.
 */
function dateBeforeStatus(raw: string): DateRead | null {
  return readDate(raw.replace(LINE_MARKS, ''));
}

// Front matter `deprecated: true` (`yes`, `"true"`), as some sites flag a page: the record is retired.
const DEPRECATED_FLAG: StatusField = { status: 'deprecated', raw: 'deprecated: true', text: 'deprecated: true', source: 'front_matter' };

function deprecatedFlag(fm: Record<string, unknown>): boolean {
  const value = fm['deprecated'];
  return value === true || (typeof value === 'string' && /^(?:true|yes)$/i.test(value.trim()));
}

/** Front matter `state:` as the status when it is a known status word (`state: deprecated`), not a place's or a machine's state. */
function knownState(value: unknown): string | null {
  const text = scalarText(value);
  const status = text === null ? null : normaliseAdrStatus(text);
  return status !== null && status !== 'unknown' ? text : null;
}

function frontMatterStatus(value: string): StatusField {
  return { status: normaliseAdrStatus(value) ?? 'unknown', raw: value, text: value, source: 'front_matter' };
}

/** Whether the document is a record; see {@link parseAdr}. */
function isAdr(
  fm: Record<string, unknown>,
  path: AdrPathFacts,
  title: Title,
  status: StatusField | null,
  hasDate: boolean,
  statusSections: number,
  decisionSections: boolean,
): boolean {
  const docType = scalarText(fm['doc_type']);
  if (docType !== null) return ADR_DOC_TYPE.test(docType);
  if (path.notARecord) return false;
  if (path.adrNamed || title.number?.adrPrefixed || (path.inAdrFolder && (path.number !== null || path.nameDate !== null))) return true;
  // Front matter that gives the record's id (`adr_id: ADR-0100`) says what the page is.
  if (scalarText(fm['adr_id']) !== null && status !== null) return true;
  // A generated digest of records (`reports/report-accepted.md`: one `## Status` per record it copies) is no record itself.
  if (statusSections > 1) return false;
  // A status badge alone makes no record: project pages carry them too (`status-active`, `status-stable`).
  // Nor does a status outside an ADR folder in a page with no section a record is written in: runbooks,
  // specs and plans carry statuses of their own ("## Status: Active", `status: confirmed`, "Status: Completed").
  if (status !== null && status.status !== 'unknown' && status.badge !== true && (path.inAdrFolder || decisionSections)) return true;
  const numbered = title.number !== null || path.number !== null || path.inAdrFolder;
  return numbered && (status !== null || hasDate);
}

// A reference as statements give it (`ADR-0005`, `ADR-5`, `#5`, `0005`); anchored, each part a different character.
const NUMBER_REFERENCE = /^(?:adr[-_ ]?)?#?(\d+)$/;

/**
 * Whether a target as a statement writes it names this record: its id (`ADR-0005`), its number
 * (`0005`, `#5`) or its own file (`0005-grpc.md`, `./0005-grpc.md`).
 */
function namesRecord(fileName: string, ids: { adr_id: string; number: number | null }): (target: string) => boolean {
  const ownFile = fileName.slice(fileName.lastIndexOf('/') + 1).toLowerCase();
  // Known by its slug outside a folder of records (`RFC-016-use-http`), it is also the series' id its name opens with (`RFC-016`).
  const series = fileSeriesId(fileName);
  const seriesPrefix = series?.prefix.toLowerCase();
  return (target) => {
    const text = target.trim().toLowerCase();
    if (text === ids.adr_id.toLowerCase()) return true;
    const seriesDigits = seriesPrefix !== undefined && text.startsWith(seriesPrefix) ? text.slice(seriesPrefix.length) : '';
    if (/^\d{1,6}$/.test(seriesDigits) && Number(seriesDigits) === Number(series?.digits)) return true;
    const digits = NUMBER_REFERENCE.exec(text)?.[1];
    if (digits !== undefined) return ids.number !== null && Number(digits) === ids.number;
    const path = text.split(/[?#]/, 1)[0] ?? text;
    return path.slice(path.lastIndexOf('/') + 1) === ownFile;
  };
}

// A sentence of a record's own that says it is retired: "This ADR is deprecated.", "This decision is obsolete as of …",
// "This record has been withdrawn."; opening the sentence, and not followed by a condition ("… deprecated if …").
const RETIRED_SENTENCE =
  /(?:^|[.!?]\s+)This (?:ADR|decision|record|decision record)(?: is| has been| was)(?: now)? (deprecated|obsolete|retired|withdrawn)(?![\w-])(?! (?:if|when|once|unless|should|after)\b)/;

/** The state a sentence says this record is in: superseded when it names a successor of it, deprecated when it says it is retired. */
function retiringSentence(
  text: string,
  context: { isSelf: (target: string) => boolean; definitions: ReferenceDefinitions; series: string | undefined },
): 'superseded' | 'deprecated' | null {
  if (statementsIn(text, context).some((found) => found.relation === 'superseded_by')) return 'superseded';
  return retiredInText([text]);
}

/** `deprecated` when a paragraph of a record that states no status says in a sentence of its own that it is retired, else null. */
function retiredInText(paragraphs: readonly string[]): 'deprecated' | null {
  return paragraphs.some((paragraph) => RETIRED_SENTENCE.test(paragraph.replace(/[*_]/g, '').trim())) ? 'deprecated' : null;
}

// A sentence after the first of a line that opens with "See" (`Superseded. See ADR-0010.`); the class before `see` and the
// spaces after it share no character with what follows them: linear.
const SEE_SENTENCE = /[.!?]\s+(?=see\s)/i;

/** The lines of a status text that open with "See", and the sentences after a line's first that do. */
function seePointers(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const trimmed = line.trim();
    if (/^see\s/i.test(trimmed)) return [trimmed];
    const found = SEE_SENTENCE.exec(trimmed);
    return found ? [trimmed.slice(found.index + found[0].length)] : [];
  });
}

/** Links from the status texts, the front matter and the body, each kept once. */
function collectLinks(
  status: AdrStatus,
  statusTexts: readonly string[],
  fm: Record<string, unknown>,
  paragraphs: readonly string[],
  context: { isSelf: (target: string) => boolean; definitions: ReferenceDefinitions; series: string | undefined },
): AdrLink[] {
  const links: AdrLink[] = [];
  const seen = new Set<string>();
  const add = (statements: Statement[], statedIn: AdrLink['stated_in']) => {
    for (const s of statements) {
      // A record whose own status says "partly superseded" qualifies every successor it names.
      const partial = s.partial || (s.relation === 'superseded_by' && status === 'partly_superseded');
      const key = `${s.relation}\u0000${s.target}\u0000${statedIn}\u0000${partial}`;
      if (!seen.has(key)) {
        seen.add(key);
        links.push({ relation: s.relation, partial, target: s.target, form: s.form, stated_in: statedIn });
      }
    }
  };
  for (const text of statusTexts) add(statementsIn(text, { ...context, inStatus: true }), 'status');
  // "Superseded. See [ADR-0010](…)." or "Superseded" over a line "See ADR-0010": in the status of a record it says was
  // superseded, naming no successor, a pointer names it, as "Superseded, see ADR-0010" does.
  const superseded = status === 'superseded' || status === 'partly_superseded';
  if (superseded && !links.some((link) => link.relation === 'superseded_by'))
    for (const pointer of statusTexts.flatMap(seePointers))
      add(statementsIn(`Superseded, ${pointer}`, { ...context, inStatus: true }), 'status');
  add(frontMatterStatements(fm), 'status');
  for (const paragraph of paragraphs) add(statementsIn(withoutCodeSpans(paragraph, context.series), context), 'body');
  return links;
}

// A prefix of a series of ids in capitals (`PG-`, `DEC-`, `S`), not a project's before `ADR` (`ODH-ADR-`).
const SERIES_PREFIX = /^[A-Z]{1,5}-?$/;

/** The prefix of the series a record's id belongs to (`PG-` for `PG-001`), whose ids its body names records by; undefined for `ADR-`. */
function ownSeries(idPrefix: string | null): string | undefined {
  return idPrefix !== null && SERIES_PREFIX.test(idPrefix) ? idPrefix : undefined;
}

/**
 * A paragraph with its inline code spans blanked: `` `Superseded by ADR-0032` `` in a to-do list
 * quotes a status to write elsewhere, it states nothing of this record. A span that holds a record's
 * id and nothing else is how many teams set an id (`` Replaces `ADR-0002`. ``, `` `PG-002` `` in
 * the series `PG-`): only its backticks go.
 */
function withoutCodeSpans(paragraph: string, series: string | undefined): string {
  return paragraph.replace(/`[^`\n]*`/g, (span) =>
    CODE_SPAN_ID.test(span) || isSeriesId(span.slice(1, -1).trim(), series) ? ` ${span.slice(1, -1)} ` : ' '.repeat(span.length),
  );
}

/** Whether a text is an id of the series `series` and nothing else (`PG-002`). */
function isSeriesId(text: string, series: string | undefined): boolean {
  if (series === undefined || !text.startsWith(series)) return false;
  const digits = text.slice(series.length);
  return digits.length > 0 && digits.length <= 6 && [...digits].every((char) => char >= '0' && char <= '9');
}

// A code span holding a record's id alone: `ADR-0002`, `ADR 2`, `adr_12`.
const CODE_SPAN_ID = /^` *ADR[-_ ]?\d{1,5} *`$/i;

// The front matter keys that name a record's successor or the records it replaces, as keys are
// written (`superseded_by`, `superseded-by`, `supersededBy`, `partially_supersedes`), lower-cased and
// without their separators; `partially_` / `partly_` says only part is replaced.
type FrontMatterRelation = { relation: Statement['relation']; partial: boolean };
const FRONT_MATTER_RELATIONS: ReadonlyMap<string, FrontMatterRelation> = new Map(
  (['', 'partially', 'partly'] as const).flatMap((part): Array<[string, FrontMatterRelation]> => [
    [`${part}supersededby`, { relation: 'superseded_by', partial: part !== '' }],
    [`${part}replacedby`, { relation: 'superseded_by', partial: part !== '' }],
    [`${part}supersedes`, { relation: 'supersedes', partial: part !== '' }],
    [`${part}replaces`, { relation: 'supersedes', partial: part !== '' }],
  ]),
);
// A value a template leaves where no record is named: `none`, `n/a`, `—`, `-`, `nothing`, `tbd`.
const NO_RECORD = /^(?:none|n\/?a|nil|null|nothing|tbd|-+|[—–]+)\.?$/i;

/**
 * Front matter `superseded_by` / `supersedes` (also `superseded-by`, `supersededBy`, `replaced_by`,
 * `replaces`, and `partially_…` for a part): a reference, a list, or references in one text split by
 * `,` or `;`. A value holding markdown links names what they link to (`"[ADR-0003](0003-x.md)'s retry
 * clause"` is 0003-x.md); `none`, `n/a` or a dash names nothing.
 */
function frontMatterStatements(fm: Record<string, unknown>): Statement[] {
  const refs = (value: unknown): Array<{ target: string; form: AdrLink['form'] }> =>
    (Array.isArray(value) ? value : [value]).flatMap((item) => {
      const text = scalarText(item) ?? referenceInObject(item);
      if (text === null) return [];
      const linked = linkTargetsIn(text);
      if (linked.length > 0) return linked.map((target) => ({ target: target.text, form: target.form }));
      return text
        .split(/[,;]/)
        .map((v) => v.trim())
        .filter((v) => v !== '' && !NO_RECORD.test(v))
        .map((target) => ({ target, form: 'reference' as const }));
    });
  const out: Statement[] = [];
  for (const relation of ['superseded_by', 'supersedes'] as const) {
    for (const [key, value] of Object.entries(fm)) {
      const read = FRONT_MATTER_RELATIONS.get(key.toLowerCase().replace(/[-_ ]/g, ''));
      if (read?.relation !== relation) continue;
      for (const ref of refs(value)) out.push({ relation, partial: read.partial, target: ref.target, form: ref.form });
    }
  }
  return out;
}

// The keys of an object that names a record in a list of successors (`supersededBy: [{id: ADR-0007}]`, `- ref: 0007-x.md`).
const REFERENCE_KEYS = ['id', 'adr_id', 'adr', 'ref', 'record', 'file', 'path', 'link', 'href', 'url', 'slug'] as const;

/** The reference an object in a list of successors or predecessors gives under one of {@link REFERENCE_KEYS}; null when none. */
function referenceInObject(item: unknown): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const key = Object.keys(record).find((name) => (REFERENCE_KEYS as readonly string[]).includes(name.trim().toLowerCase()));
  return key === undefined ? null : scalarText(record[key]);
}

/**
 * The first `# ` heading, without a leading ADR number; that number is returned separately. A number
 * followed by a space alone (`# 23 Logging`) is taken off only when the file name carries the same number.
 */
function titleOf(
  lines: readonly Line[],
  fm: Record<string, unknown>,
  fileNumber: string | null,
  idPrefix: string | null,
  definitions: ReferenceDefinitions,
): Title {
  for (const line of lines) {
    const heading = atxHeading(line.text);
    if (heading?.level !== 1 || !heading.text) continue;
    const text = plainTitle(heading.text, definitions);
    const prefix = numberPrefix(text, fileNumber, idPrefix);
    const rest = withoutBrackets(withoutLabel(prefix ? text.slice(prefix.length).trim() : text));
    return { text: rest || text, number: prefix ? { digits: prefix.digits, adrPrefixed: prefix.adrPrefixed } : null };
  }
  return { text: scalarText(fm['title']), number: null };
}

// A label some teams put before the title (`Architecture Decision Record: Use ADRs`, `ADR: Use X`), or
// the separator left after a bare number (`0001 - Use X`).
const TITLE_LABEL =
  /^(?:(?:(?:architectur(?:e|al) )?decision record|adr)\s*:\s*|[-–—:]\s+|\((?:draft|proposed|wip|rfc|deprecated|superseded|accepted)\)\s*:\s*)/i;

/**
 * A heading's text with its links, inline and reference-style, read as their text:
 * `[Superseded by [ADR-0019](0019-x.md)] Push metrics`, `Use [CockroachDB][crdb]`.
 */
function plainTitle(heading: string, definitions: ReferenceDefinitions): string {
  if (!heading.includes('[')) return heading;
  let out = '';
  let copied = 0;
  for (const link of markdownTextLinks(heading, definitions).filter((found) => found.defined)) {
    out += heading.slice(copied, link.start) + heading.slice(link.start + (link.image ? 2 : 1), link.textEnd);
    copied = link.end;
  }
  return out + heading.slice(copied);
}

/** A title without a leading "Architecture Decision Record:", "ADR:" or separator (kept when nothing follows it). */
function withoutLabel(title: string): string {
  return title.replace(TITLE_LABEL, '') || title;
}

/** A title left wholly in a template's brackets (`[Fila de tarefas no banco]`) without them; any other title as it is. */
function withoutBrackets(title: string): string {
  const inner = title.slice(1, -1);
  return title.startsWith('[') && title.endsWith(']') && !inner.includes('[') && !inner.includes(']') && inner.trim() !== ''
    ? inner.trim()
    : title;
}

/** The record number a title starts with (`12. `, `ADR-012: `, `ADR 12 - `, `[012]: `, or `23 ` when the file is number 23), and its length. */
function numberPrefix(
  heading: string,
  fileNumber: string | null,
  idPrefix: string | null,
): { length: number; digits: string; adrPrefixed: boolean } | null {
  const numbered = TITLE_NUMBER.exec(heading) ?? BRACKETED_TITLE_NUMBER.exec(heading);
  const digits = numbered?.[2] ?? numbered?.[4];
  if (numbered && digits) return { length: numbered[0].length, digits, adrPrefixed: (numbered[1] ?? numbered[3]) !== undefined };
  const series = idPrefix === null ? null : SERIES_TITLE_ID.exec(heading);
  if (series?.[2] && series[1] === idPrefix && fileNumber !== null && sameNumber(series[2], fileNumber))
    return { length: series[0].length, digits: series[2], adrPrefixed: true };
  const bare = BARE_TITLE_NUMBER.exec(heading);
  if (bare?.[1] && fileNumber !== null && Number(bare[1]) === Number(fileNumber))
    return { length: bare[0].length, digits: bare[1], adrPrefixed: false };
  return null;
}

/** Whether a title's number is the file's: `007` is `7`; a day's with a letter after it, `20240301-a`, only itself. */
function sameNumber(title: string, file: string): boolean {
  return /^\d+$/.test(title) && /^\d+$/.test(file) ? Number(title) === Number(file) : title.toLowerCase() === file.toLowerCase();
}

/** `adr_id` and `number`, preferring front matter, then the file name, then the title. */
function identify(
  fm: Record<string, unknown>,
  path: AdrPathFacts,
  titleNumber: Title['number'],
  wholeName: boolean,
): { adr_id: string; number: number | null } {
  const fmId = scalarText(fm['adr_id']);
  if (fmId !== null) {
    const digits = /\d+/.exec(fmId)?.[0];
    return { adr_id: fmId, number: digits ? Number.parseInt(digits, 10) : null };
  }
  const base = path.recordName;
  // A name that opens with a day and a dot (`2024-03-01.use-sqlite.md`) is known by what follows the day too.
  const day = dateOfName(base) !== null ? /^\d{4}[-_]?\d\d[-_]?\d\d\./.exec(base) : null;
  const dot = base.indexOf('.', day ? day[0].length : 0);
  const slug = dot > 0 ? base.slice(0, dot) : base;
  const digits = path.number ?? titleNumber?.digits;
  if (digits && wholeName && path.number !== null) return { adr_id: slug, number: Number.parseInt(digits, 10) };
  if (digits)
    return { adr_id: `${path.number !== null ? (path.idPrefix ?? 'ADR-') : 'ADR-'}${digits}`, number: Number.parseInt(digits, 10) };
  // log4brains knows a package's record as `<package>/<slug>`: two packages may each have a record of one slug.
  return { adr_id: path.packageName !== null ? `${path.packageName}/${slug}` : slug, number: null };
}

/**
 * The value of the first front matter key that is one of `keys` in another case or language (`상태`,
 * `Estado`, `결정일`), as the same key on a line of the text is read; undefined when none is.
 */
/** The front matter's date a record was proposed or started on (Ember's `start-date:`, `proposed_date:`, `date-proposed:`), or undefined. */
function proposalDate(fm: Record<string, unknown>): unknown {
  const key = Object.keys(fm).find((name) => PROPOSAL_DATE_KEYS.has(name.trim().toLowerCase().replace(/[-_]/g, ' ')));
  return key === undefined ? undefined : fm[key];
}

function valueByKey(fm: Record<string, unknown>, keys: ReadonlySet<string>): unknown {
  const key = Object.keys(fm).find((name) => keys.has(name.trim().toLowerCase()));
  return key === undefined ? undefined : fm[key];
}

function scalarText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
