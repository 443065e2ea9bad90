// What a file's place says about it being a decision record: the folder it sits in (the folder given
// to `--docs` included, whose own name is not part of any relative path), whether its name carries a
// record number, and whether it is an index, a README or a template rather than a record.
import { isAsciiDigit, startsWithAsciiWordAt } from './char-class';
import { appendTo } from '../../shared/map-list';

/** What a file's path says, before its content is read. */
export interface AdrPathFacts {
  /** Some folder on the path is named like an ADR folder (`adr`, `docs/adr`, `decisions`, `architecture-decision-records`, `govuk-aws-adr`, …). */
  readonly inAdrFolder: boolean;
  /** In a folder of records only as an RFC of an RFC repository's `text/` folder (`text/0001-private-fields.md`), by its name alone. */
  readonly rfcTextOnly: boolean;
  /** The record number the file name starts with (`0003-x.md`, `adr-007-x.md`, `ADR_12 x.md`); null when none. */
  readonly number: string | null;
  /** The file name starts with `adr` and a number (`adr-007-x.md`), which names a record wherever it is. */
  readonly adrNamed: boolean;
  /** A README, index, table of contents or template: a file about the records, not one of them. */
  readonly notARecord: boolean;
  /**
   * The date a file name starts with instead of a number (`20200926-x.md`, log4brains; `2020-09-26-x.md`), or the day a
   * series numbers it by (`DEC-20240301-x.md`), as `YYYY-MM-DD`.
   */
  readonly nameDate: string | null;
  /** The name the record is known by: its file's, or its folder's when it is the README of its own folder. */
  readonly recordName: string;
  /** What stands before the number of a project-prefixed id (`ODH-ADR-`, `ODH-ADR-MS-`); null for `ADR-`. */
  readonly idPrefix: string | null;
  /**
   * The folder inside a folder of records that names the file's state: one it was moved into when it
   * stopped being in force (`adr/superseded/`, `decisions/archive/`), or one of open or decided records
   * (`decisions/accepted/`, `adr/drafts/`), as written, with the state its name says; null when none.
   */
  readonly lifecycleFolder: LifecycleFolder | null;
  /** The package a record of a log4brains multi-package project belongs to (`packages/<package>/…/adr/x.md`); null otherwise. */
  readonly packageName: string | null;
  /**
   * A status word a numbered file name carries right after its number or as its last word (`0007-accepted-use-postgres.md`,
   * `ADR-0012-superseded-event-bus.md`, `0003-use-x-DEPRECATED.md`), as written, with the state it says; null when none.
   * Only a state's word, not a verb's (`0009-accept-card-payments.md`, `0010-deprecate-v1-api.md` name a decision). The
   * record's title decides whether the word is the title's own (`0011-deprecated-apis.md` titled "Deprecated APIs").
   */
  readonly nameStatus: NameStatus | null;
}

/** A status word in a file name: the word as written, whether it opens the words after the number or ends them, and its state. */
export interface NameStatus {
  readonly word: string;
  readonly at: 'start' | 'end';
  readonly status: LifecycleFolder['status'];
}

// The words of a state a file name may carry (lower case): participles and adjectives, never the verb a title opens with.
const NAME_STATUS_WORDS = new Map<string, NameStatus['status']>([
  ['accepted', 'accepted'],
  ['approved', 'accepted'],
  ['superseded', 'superseded'],
  ['obsolete', 'superseded'],
  ['deprecated', 'deprecated'],
  ['retired', 'deprecated'],
  ['withdrawn', 'deprecated'],
  ['rejected', 'rejected'],
  ['declined', 'rejected'],
  ['proposed', 'proposed'],
]);

/** The status word a numbered file name carries after its number (`digits`) or as its last word; null when none. */
function nameStatusOf(stem: string, digits: string): NameStatus | null {
  const words = stem
    .slice(stem.indexOf(digits) + digits.length)
    .split(/[-_ ]/)
    .filter((word) => word !== '');
  // A name that is only the status (`0003-superseded.md`) has no title of its own to tell the word from.
  if (words.length < 2) return null;
  const first = words[0] as string;
  const last = words.at(-1) as string;
  const opening = NAME_STATUS_WORDS.get(first.toLowerCase());
  if (opening) return { word: first, at: 'start', status: opening };
  const closing = NAME_STATUS_WORDS.get(last.toLowerCase());
  return closing ? { word: last, at: 'end', status: closing } : null;
}

/**
 * A folder of records sorted by their state, and the state its name gives them: one of records no
 * longer in force (superseded, deprecated), or one of records still open or decided (accepted,
 * proposed, rejected), whose name stands in only for a status the text does not state.
 */
export interface LifecycleFolder {
  readonly folder: string;
  readonly status: 'superseded' | 'deprecated' | 'accepted' | 'proposed' | 'rejected';
}

// Folder names (lower case, `_` and spaces read as `-`, a leading `_` or `.` left off) that sort records by state, each
// read as the status word it is: `obsolete` is superseded (as the status "Obsolete" is), `archived` deprecated, `drafts` proposed.
const LIFECYCLE_FOLDER_NAMES = new Map<string, LifecycleFolder['status']>([
  ['superseded', 'superseded'],
  ['obsolete', 'superseded'],
  ['obsolete-archive', 'superseded'],
  ['deprecated', 'deprecated'],
  ['archive', 'deprecated'],
  ['archived', 'deprecated'],
  ['accepted', 'accepted'],
  ['proposed', 'proposed'],
  ['proposals', 'proposed'],
  ['draft', 'proposed'],
  ['drafts', 'proposed'],
  ['rejected', 'rejected'],
]);

/** Whether a folder's state outweighs a live status its record still states (a record moved into `superseded/` unedited). */
export function folderEndsRecord(folder: LifecycleFolder): boolean {
  return folder.status === 'superseded' || folder.status === 'deprecated';
}

/**
 * The package of a file under `packages/<package>/` in a folder of records of its own there
 * (`packages/backend/adr/`, `packages/backend/docs/adr/`), as log4brains lays out a multi-package
 * project; null elsewhere.
 */
function packageOf(folders: readonly string[]): string | null {
  const at = folders.findIndex((folder) => folder.toLowerCase() === 'packages');
  const name = at === -1 ? undefined : folders[at + 1];
  return name !== undefined && folders.slice(at + 2).some(folderLooksLikeAdr) ? name : null;
}

/** The deepest folder named for a state of records that lies inside a folder of records; null when none. */
function lifecycleFolderOf(folders: readonly string[]): LifecycleFolder | null {
  const firstAdr = folders.findIndex(folderLooksLikeAdr);
  if (firstAdr === -1) return null;
  for (let i = folders.length - 1; i > firstAdr; i -= 1) {
    const folder = folders[i] as string;
    // A mark that sorts the folder apart may open its name (`_superseded/`, `.archive/`).
    const name = folder
      .toLowerCase()
      .replaceAll('_', '-')
      .replaceAll(' ', '-')
      .replace(/^[-.]+/, '');
    const status = LIFECYCLE_FOLDER_NAMES.get(name);
    if (status) return { folder, status };
  }
  return null;
}

// Folder names, lower case with `_` and spaces read as `-`; a folder also counts when its name ends
// in `-` and one of these (`govuk-aws-adr`, `team-decisions`).
const ADR_FOLDER_NAMES = new Set([
  'adr',
  'adrs',
  'decisions',
  'decision-records',
  'decision-record',
  'decision-log',
  'architecture-decisions',
  'architecture-decision',
  'architecture-decision-record',
  'architecture-decision-records',
  'architectural-decisions',
  'architectural-decision-records',
]);
const NOT_A_RECORD_STEMS = new Set([
  'readme',
  'index',
  '_index',
  'toc',
  'table-of-contents',
  'contents',
  'summary',
  'template',
  'changelog',
]);

/** The file name without its folder. */
export function baseName(fileName: string): string {
  const cut = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  return cut === -1 ? fileName : fileName.slice(cut + 1);
}

/** The file name up to its first `.` (`index.html.md.erb` → `index`), lower case. */
function firstStem(name: string): string {
  const dot = name.indexOf('.');
  return (dot <= 0 ? name : name.slice(0, dot)).toLowerCase();
}

// An RFC's file in an RFC repository's `text/` folder (rust-lang/rfcs, getsentry/rfcs, emberjs/rfcs): four digits, a dash,
// a slug opening with a letter (`2024-01-15-meeting.md` is a day's notes).
const RFC_TEXT_NAME = /^\d{4}-[A-Za-z]/;

/**
 * Whether a file is an RFC of an RFC repository: named `NNNN-slug` in a folder named `text`
 * (`text/0001-private-fields.md`). A `text/` folder of notes or of chapters (`01-intro.md`) holds no records.
 */
function isRfcText(folder: string | undefined, name: string): boolean {
  return folder !== undefined && folder.toLowerCase() === 'text' && RFC_TEXT_NAME.test(name);
}

/** The number of an RFC of an RFC repository's `text/` folder (`text/0230-remove-runtime.md` → `0230`), by which prose names it ("RFC 230"); null for any other file. */
export function rfcTextNumber(fileName: string): string | null {
  const parts = fileName.split(/[\\/]/);
  const name = parts.pop() ?? '';
  return isRfcText(parts.at(-1), name) ? name.slice(0, 4) : null;
}

function folderLooksLikeAdr(folder: string): boolean {
  const name = folder.toLowerCase().replaceAll('_', '-').replaceAll(' ', '-');
  if (ADR_FOLDER_NAMES.has(name)) return true;
  for (const known of ADR_FOLDER_NAMES) if (name.endsWith(`-${known}`)) return true;
  return false;
}

/**
 * True when a file's name names a decision log as a folder of records is named (`DECISIONS.md`,
 * `decision-log.md`, `team-decisions.md`), or is a number and such a name alone (`09_architecture_decisions.md`,
 * arc42's chapter 9): a file that holds the records as its sections, not a record with a number of its own.
 */
export function namesDecisionLog(fileName: string): boolean {
  const stem = firstStem(baseName(fileName));
  const numbered = fileNumber(stem);
  if (numbered === null) return folderLooksLikeAdr(stem);
  // After a number only the name itself: `0005-revisit-earlier-decisions.md` is a record about decisions.
  const words = stem.slice(stem.indexOf(numbered.digits) + numbered.digits.length).replace(/^[-_ ]+/, '');
  return ADR_FOLDER_NAMES.has(words.replaceAll('_', '-').replaceAll(' ', '-'));
}

/**
 * The record number a file name starts with: digits after an optional `adr` and `-`, `_` or space,
 * ending at a separator or the end of the stem (`0003-x` → `0003`, `adr-007-x` → `007`, `12` → `12`).
 */
export function fileNumber(name: string): { digits: string; adrNamed: boolean } | null {
  let i = 0;
  const adrNamed = startsWithAsciiWordAt(name, 0, 'adr');
  if (adrNamed) {
    i = 3;
    while (name[i] === '-' || name[i] === '_' || name[i] === ' ') i += 1;
  }
  const start = i;
  while (i < name.length && isAsciiDigit(name.charCodeAt(i))) i += 1;
  if (i === start) return null;
  const next = name[i];
  if (next !== undefined && next !== '-' && next !== '_' && next !== ' ' && next !== '.') return null;
  return { digits: name.slice(start, i), adrNamed };
}

/**
 * Reads what the path of one file says about it being an ADR.
 *
 * @param fileName the path relative to the folder being loaded, `/`-separated
 * @param rootFolder the name of that folder itself (its last path component), so a record at its top
 *   level counts as being in an ADR folder when the folder is named like one
 */
export function adrPathFacts(fileName: string, rootFolder?: string): AdrPathFacts {
  const parts = fileName.split(/[\\/]/);
  const fileNamePart = parts.pop() ?? fileName;
  // A record kept as the README of its own folder (`decision-records/2022-08-01-entity-timestamp/README.md`)
  // is known by its folder's name; the README of a folder of records is still an index.
  const holder = parts.at(-1);
  const ownFolder =
    holder !== undefined &&
    RECORD_FOLDER_FILES.has(firstStem(fileNamePart)) &&
    (dateOfName(holder) !== null || fileNumber(holder) !== null) &&
    [...(rootFolder ? [rootFolder] : []), ...parts.slice(0, -1)].some(folderLooksLikeAdr);
  const name = ownFolder ? holder : fileNamePart;
  if (ownFolder) parts.pop();
  const folders = rootFolder ? [rootFolder, ...parts] : parts;
  const nameDate = dateOfName(name);
  // A project-prefixed id (`ODH-ADR-0003`) when the name has no plain record number.
  const plain = nameDate === null ? fileNumber(name) : null;
  const namedFolder = folders.some(folderLooksLikeAdr);
  const inAdrFolder = namedFolder || isRfcText(folders.at(-1), name);
  const prefixed = nameDate === null && plain === null ? (PREFIXED_ID.exec(name) ?? (inAdrFolder ? SERIES_ID.exec(name) : null)) : null;
  const found = plain ?? (prefixed ? { digits: prefixed[2] as string, adrNamed: true } : null);
  // Nine digits or more are a timestamp (`1655963328-sunset-datadog.md`, seconds since 1970), not a record number.
  const numbered = found !== null && found.digits.length < 9 ? found : null;
  const stem = firstStem(name);
  return {
    inAdrFolder,
    rfcTextOnly: inAdrFolder && !namedFolder,
    number: numbered?.digits ?? null,
    adrNamed: numbered?.adrNamed ?? false,
    // A series numbered by the day (`DEC-20240301-use-sqlite.md`) is dated by it, as a name opening with the day is.
    nameDate: nameDate ?? (prefixed !== null && numbered?.digits.length === 8 ? dateOfName(numbered.digits) : null),
    // A folder of templates (`docs/adr/templates/nygard.md`) holds what records are copied from.
    notARecord:
      !ownFolder && (NOT_A_RECORD_STEMS.has(stem) || isTemplateStem(stem) || isAboutTheRecords(stem) || parts.some(isTemplateFolder)),
    recordName: ownFolder ? holder : baseName(fileName),
    idPrefix: numbered !== null && prefixed !== null ? (prefixed[1] as string) : null,
    lifecycleFolder: lifecycleFolderOf(folders),
    packageName: packageOf(folders),
    nameStatus:
      numbered === null ? null : nameStatusOf(name.slice(0, name.indexOf('.') <= 0 ? name.length : name.indexOf('.')), numbered.digits),
  };
}

/**
 * The files known by their whole name: records of a series numbered by the day (`DEC-20240301-use-sqlite.md`)
 * whose day another record of that series in the same folder has (`DEC-20240301-use-redis.md`). Each is a
 * record of its own, not two records sharing one number, so neither goes by the day alone.
 */
export function sharedDayNames(fileNames: readonly string[], rootFolder?: string): Set<string> {
  const days = new Map<string, string[]>();
  for (const fileName of fileNames) {
    const facts = adrPathFacts(fileName, rootFolder);
    if (facts.idPrefix === null || facts.number === null || facts.number.length !== 8 || facts.nameDate === null) continue;
    const folder = fileName.slice(0, Math.max(fileName.lastIndexOf('/'), 0));
    const key = `${folder}\u0000${facts.idPrefix.toLowerCase()}${facts.number}`;
    appendTo(days, key, fileName);
  }
  return new Set([...days.values()].filter((names) => names.length > 1).flat());
}

/** A folder of templates: `templates`, `template`, `_templates`, `.templates`. */
function isTemplateFolder(folder: string): boolean {
  return /^[._]?templates?$/i.test(folder);
}

// A record id with a project (and area) before `ADR`: `ODH-ADR-0003-x.md`, `ODH-ADR-MS-0005-x.md`.
const PREFIXED_ID = /^([a-z][a-z0-9]{0,15}[-_]adr[-_](?:[a-z]{1,8}[-_])?)(\d+)(?=[-_ .]|$)/i;
// In a folder of records, a series written in capitals before the number (`PG-001-x.md`, `RL-001-x.md`:
// one series per domain), or a letter or a few before a number of three digits or more, with or
// without a dash (`S001-x.md`, `T-0003-x.md`); in capitals only, so `api-001-notes.md` elsewhere is no record id.
const SERIES_ID = /^([A-Z]{2,5}-|[A-Z]{1,5}-?(?=\d{3}))(\d{2,})(?=[-_ .]|$)/;

// A series' id a file name opens with, in capitals as written (`RFC-013-use-nats.md`), wherever the file is.
const SERIES_FILE_ID = /^([A-Z]{2,5}-)(\d{1,6})(?=[-_ .])/;

/**
 * The series' id a record's file name opens with (`RFC-013` of `docs/rfcs/RFC-013-use-nats.md`), in or outside a
 * folder named for records: the record is known by it, and its text names the records of its series so. Null for none.
 */
export function fileSeriesId(fileName: string): { prefix: string; digits: string } | null {
  const found = SERIES_FILE_ID.exec(baseName(fileName));
  return found ? { prefix: found[1] as string, digits: found[2] as string } : null;
}

// The files a record's own folder keeps it in.
const RECORD_FOLDER_FILES = new Set(['readme', 'index']);

// Words a numbered file about the records is named with (`000-index`, `000-sample-example`, `0000-adr-template`).
const ABOUT_THE_RECORDS_WORDS = new Set([
  ...['index', 'readme', 'toc', 'template', 'sample', 'example', 'adr', 'record', 'records'],
  // "Model" is a template only here, numbered zero: `0000-modele-adr`; `0005-modelo-de-datos` is a data model record.
  ...['modele', 'modèle', 'modelo', 'modello', 'ejemplo', 'exemple', 'exemplo', 'beispiel', 'plantilla', 'vorlage', 'sjabloon'],
]);

/**
 * A name numbered zero whose words after the number are only words about the records: the folder's
 * index or a sample to copy, numbered so that it sorts first. A record names its decision
 * (`0000-example-driven-tests` has a word of its own) or has a number of its own (`0005-example`).
 */
function isAboutTheRecords(stem: string): boolean {
  const numbered = fileNumber(stem);
  if (numbered === null || /[1-9]/.test(numbered.digits)) return false;
  const start = stem.indexOf(numbered.digits) + numbered.digits.length;
  const words = stem
    .slice(start)
    .split(/[-_ ]/)
    .filter((word) => word !== '');
  return words.length > 0 && words.every((word) => ABOUT_THE_RECORDS_WORDS.has(word));
}

// `20200926`, `2020-09-26` or `2020_09_26` opening a name, then a separator or the end.
const NAME_DATE = /^((?:19|20)\d\d)([-_]?)(\d\d)\2(\d\d)(?=[-_ .]|$)/;

/** The date a file name opens with, as `YYYY-MM-DD`, when it is a real date; null otherwise. */
export function dateOfName(name: string): string | null {
  const found = NAME_DATE.exec(name);
  if (!found) return null;
  const [, year, , month, day] = found as unknown as [string, string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return valid ? `${year}-${month}-${day}` : null;
}

/**
 * A file named as a template or a sample to copy (`adr-template.md`, `adr000-template.md`,
 * `000-sample-example.md`): its front matter is often placeholders that are not YAML.
 */
export function isTemplateFile(fileName: string): boolean {
  const stem = firstStem(baseName(fileName));
  return isTemplateStem(stem) || isAboutTheRecords(stem);
}

// "Template" in the languages teams name their ADR folders' files in (`0000-plantilla`, `adr-vorlage`, `템플릿`).
const TEMPLATE_WORDS = new Set(['template', 'plantilla', 'vorlage', 'sjabloon', '템플릿', 'テンプレート', '模板']);

/** `adr-template`, `template-minimal`, `0000-plantilla`: a template to copy, not a record. */
function isTemplateStem(stem: string): boolean {
  return stem.split(/[-_ ]/).some((word) => TEMPLATE_WORDS.has(word));
}
