import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { codedError } from '../../shared/coded-error';
import { LensError } from '../../shared/lens-error';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { countedMessage, demoLoadMessage, namedFilesMessage, type DemoLoadMessageCode } from '../../shared/demo-load-messages';
import { issueWords } from '../../shared/api/schema-message';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { unreadableReason } from '../../shared/errors/file-problems';
import { givenAclMapping, readAclMappingFile, type AclMapping, type AclMappingInput, type ReadAclMapping } from './acl-mapping';
import {
  ACL_KEYS,
  aclDefaultWarnings,
  tallyAclDefaults,
  withAclDefaults,
  type AclDefaultKind,
  type AclDefaultsApplied,
} from './acl-defaults';
import { adrLoadReport, isUnresolvedReference, type AdrLoadReport } from './adr-load-report';
import { settleAmbiguousDates } from './adr-date-order';
import { settleIndexedStatuses } from './adr-index-status';
import { settleLegendStatuses } from './adr-legend-status';
import { adrPathFacts, isTemplateFile, namesDecisionLog, sharedDayNames } from './adr-path';
import { parseAdr, type AdrFacts } from './adr-record';
import { outsideFields, resolveSupersessions, settleOutsideSuccessors, type AdrRecord } from './adr-supersession';
import { isJsWhitespace } from './char-class';
import { isCorpusInputError } from './corpus-input-error';
import {
  DocumentAcl,
  DocumentMeta,
  PartialDocumentAcl,
  type GroupRecord,
  type LoadedDocument,
  type LoadedSupersession,
  type LoadProblem,
  type PrincipalRecord,
  type SkippedFile,
} from './corpus-model';
import { decodeMarkdownBytes } from './file-content';
import { listMarkdownFiles, unreadableFile, type MarkdownFileEntry } from './folder-walk';
import { loadProblem, skippedFile } from './load-items';
import { frontMatterBlockEnd, parseFrontMatter, yamlTypeTagClause } from './front-matter';
import { compileGlob, type GlobMatcher } from './glob-match';
import { chunkMarkdown } from './markdown-chunker';
import { markdownNames, templateSyntaxOf, type LoadDoor } from './markdown-extensions';
import { bodyTitle, fileTitle } from './document-title';
import { ADR_PREFIX, DATED_PREFIX, decisionLogParts, decisionTableParts, headingSlug, type LogPart } from './decision-log';
import { atxHeading, headingPlainText } from './markdown-line-scan';
import { withDateAliases } from './front-matter-dates';
import { stripTemplateTags } from './template-tags';
import { asMarkdown, lightMarkupOf } from './light-markup';
import {
  documentGroupAlikeWarnings,
  mappingAlikeIdWarnings,
  mappingPrincipals,
  principalReachWarnings,
  type MappingPath,
} from './mapping-principals';

export { AclMapping, readAclMapping } from './acl-mapping';

/** What one folder read produced. */
export interface MarkdownFolder {
  readonly documents: LoadedDocument[];
  readonly supersessions: LoadedSupersession[];
  readonly failed: LoadProblem[];
  /** The warnings in English, worded from `warningMessages`. */
  readonly warnings: string[];
  /** The warnings as message codes with parameters, in the same order. */
  readonly warningMessages: CoreMessage[];
  /** Files left out on purpose (binary content, links leaving the folder, …), each named. */
  readonly skipped: SkippedFile[];
  /** Each default applied to access fields, with the files it was applied to. */
  readonly aclDefaults: AclDefaultsApplied;
  /** Each document's body, for locating evidence quotes. */
  readonly bodies: ReadonlyMap<string, string>;
  /** What was recognised of the folder's decision records. */
  readonly adrs: AdrLoadReport;
  /** The principals the ACL mapping defines, in their workspaces. */
  readonly principals: PrincipalRecord[];
  /** The groups the ACL mapping lists, then those its principals name beside them (id only). */
  readonly groups: GroupRecord[];
}

/** Options of {@link readMarkdownFolder}. */
export interface FolderReadOptions {
  /** An ACL mapping file to read. */
  readonly aclFile?: string;
  /** An ACL mapping already read (checked as a file's would be, without lines). */
  readonly acl?: AclMappingInput;
  /** Extensions read besides `md` and `markdown` (normalised, as `normaliseExtensions` gives them), such as `md.erb`. */
  readonly extensions?: readonly string[];
  /** Where the options were given, so a skipped file or a refusal names `--ext`/`--acl` or the form's field; the command line unless told. */
  readonly door?: LoadDoor;
  /**
   * The principals of the local list (`lens principals import`, the app's own), whose groups a
   * document's `allowed_groups` is compared with as the mapping's are: a near-miss of an imported
   * principal's group is warned of too. Read when the folder has been read; a list that cannot be read
   * (a damaged trace store) is said in a warning, never taken as a list of none.
   */
  readonly localPrincipals?: () => readonly LocalGroupsOf[];
}

/** What the loader reads of a principal of the local list: its id and its groups. */
export interface LocalGroupsOf {
  readonly principal_id: string;
  readonly groups: readonly string[];
}

/**
 * Compiles a mapping glob: `*` matches within a folder, `**` across folders, `?` one character.
 * Kept under its old name; the result is a linear-time matcher with RegExp's `test`, not a RegExp.
 */
export function globToRegExp(glob: string): GlobMatcher {
  return compileGlob(glob);
}

/** The 1-based file line of a top-level front matter key, so a bad value is reported where it is written. */
function frontMatterLine(fileText: string, key: string): number | null {
  let lineStart = 0;
  for (let line = 1; lineStart <= fileText.length; line += 1) {
    const newline = fileText.indexOf('\n', lineStart);
    // `key`, optional whitespace, then `:` at the very start of a line after the opening `---`.
    if (line > 1 && fileText.startsWith(key, lineStart)) {
      let i = lineStart + key.length;
      while (i < fileText.length && isJsWhitespace(fileText.charCodeAt(i)) && fileText[i] !== '\n') i += 1;
      if (fileText[i] === ':') return line;
    }
    if (newline === -1) return null;
    lineStart = newline + 1;
  }
  return null;
}

/** A document id from the relative path without its extension: separators become `--`, other odd characters `-`. */
function slugFromPath(relative: string, extension: string): string {
  // Accents come off (`résumé` → `resume`); letters no ASCII spelling keeps (时序图, 회의록, Отчёт) are
  // replaced, and then a short hash of the path keeps the id its own: two names in Chinese alone
  // would otherwise both be their folder's name, and the second document would not load.
  const stem = relative
    .slice(0, relative.length - extension.length - 1)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const slug = stem
    .split(/[\\/]/)
    .join('--')
    .replace(/[^A-Za-z0-9._:-]+/g, '-');
  let start = 0;
  let end = slug.length;
  while (start < end && slug[start] === '-') start += 1;
  while (end > start && slug[end - 1] === '-') end -= 1;
  const kept = slug.slice(start, end);
  if (/^\p{ASCII}*$/u.test(stem)) return kept || 'document';
  const hash = createHash('sha256').update(relative.normalize('NFC').split('\\').join('/'), 'utf8').digest('hex').slice(0, 8);
  return kept ? `${kept}-${hash}` : `document-${hash}`;
}

/** Why a wrong ACL value is wrong, in the words of the field. */
const ACL_FIELD_HINTS: Record<string, DemoLoadMessageCode> = {
  visibility: 'acl_hint_visibility',
  allowed_groups: 'acl_hint_allowed_groups',
  workspace_id: 'acl_hint_workspace_id',
  owner_id: 'acl_hint_owner_id',
  acl_partition: 'acl_hint_acl_partition',
};

/**
 * What the schema says about a field of `input`, as a clause: what a YAML type tag made of the value
 * (`!!binary`, not "Buffer"), else the schema's coded words where known, else its English.
 */
function issueClause(issue: z.core.$ZodIssue | undefined, input: Record<string, unknown>): CoreParam {
  if (!issue) return [demoLoadMessage('field_is_invalid')];
  const key = issue.path[0];
  const tagged = issue.path.length === 1 && typeof key === 'string' ? yamlTypeTagClause(input[key]) : null;
  return tagged ? [tagged] : issueWords(issue);
}

interface FolderState {
  readonly mapping: AclMapping;
  readonly matchers: ReadonlyArray<{ glob: string; pattern: GlobMatcher; acl: PartialDocumentAcl }>;
  readonly documents: LoadedDocument[];
  readonly failed: LoadProblem[];
  readonly warnings: CoreMessage[];
  readonly skipped: SkippedFile[];
  readonly bodies: Map<string, string>;
  readonly adrRecords: AdrRecord[];
  readonly seenIds: Map<string, string>;
  readonly defaultsApplied: Array<{ file: string; applied: readonly AclDefaultKind[] }>;
  readonly visibleToNobody: string[];
  /** Files a later mapping entry made public after an earlier one restricted them, with both globs. */
  readonly widened: Array<{ file: string; narrower: string; wider: string }>;
  /** The loaded folder's own name, which no relative path contains. */
  readonly rootFolder: string;
}

/**
 * Reads every markdown file under `dir` into documents with chunks, ACL and ADR facts, and resolves
 * ADR supersessions across the folder. A file that cannot be read is listed in `failed` with its
 * line; a binary file or a link leaving the folder is listed in `skipped`; the rest still load.
 * Access fields fail closed (see `withAclDefaults`), and every default applied is counted.
 */
export function readMarkdownFolder(dir: string, options: FolderReadOptions = {}): MarkdownFolder {
  const door = options.door ?? 'command';
  const folderHint = retrievalError(door === 'screen' ? 'not_a_folder_screen_hint' : 'not_a_folder_hint');
  if (!fs.existsSync(dir)) {
    throw codedError('invalid_input', retrievalError('no_such_folder', { folder: dir }), { hint: folderHint });
  }
  if (!fs.statSync(dir).isDirectory()) {
    throw codedError('invalid_input', retrievalError('not_a_folder', { folder: dir }), { hint: folderHint });
  }
  const read = options.aclFile ? readAclMappingFile(options.aclFile, door) : givenAclMapping(options.acl ?? {});
  const mapping = read.mapping;
  const listing = listMarkdownFiles(dir, markdownNames(options.extensions), door);
  const state: FolderState = {
    mapping,
    matchers: Object.entries(mapping.files).map(([glob, acl]) => ({ glob, pattern: compileGlob(glob), acl })),
    documents: [],
    failed: [...listing.unreadable],
    warnings: [],
    skipped: [...listing.skipped],
    bodies: new Map(),
    adrRecords: [],
    seenIds: new Map(),
    defaultsApplied: [],
    visibleToNobody: [],
    widened: [],
    rootFolder: path.basename(path.resolve(dir)),
  };
  const wholeNames = sharedDayNames(
    listing.files.map((entry) => entry.relative),
    state.rootFolder,
  );
  for (const entry of listing.files) readOneFile(state, entry, wholeNames.has(entry.relative));

  settleLegendStatuses(state.adrRecords, state.documents, state.bodies);
  state.warnings.push(...settleIndexedStatuses(state.adrRecords, state.documents, state.bodies));
  state.warnings.push(...settleAmbiguousDates(state.adrRecords, state.documents));
  const adrIds = new Set(state.adrRecords.map((record) => record.document_id));
  const others = state.documents.filter((doc) => !adrIds.has(doc.document_id)).map((doc) => ({ fileName: doc.file, title: doc.title }));
  const { edges, problems } = resolveSupersessions(state.adrRecords, others);
  const foundInside = settleOutsideSuccessors(state.adrRecords, edges);
  state.documents.forEach((doc, at) => {
    if (!foundInside.has(doc.document_id) || !doc.adr) return;
    const { successor_outside: _outside, successor_outside_partial: _partial, ...adr } = doc.adr;
    state.documents[at] = { ...doc, adr };
  });
  // Unresolved references are listed in the ADR report; the other problems are warnings.
  for (const problem of problems) if (!isUnresolvedReference(problem)) state.warnings.push(problem.said);
  const aclDefaults = tallyAclDefaults(state.defaultsApplied);
  state.warnings.push(...aclDefaultWarnings(aclDefaults));
  if (state.widened.length > 0) {
    const [first] = state.widened as [FolderState['widened'][number]];
    state.warnings.push(
      countedMessage('widened', state.widened.length, {
        wider: first.wider,
        narrower: first.narrower,
        files: [namedFilesMessage(state.widened.map((entry) => entry.file))],
      }),
    );
  }
  if (state.visibleToNobody.length > 0) {
    state.warnings.push(
      countedMessage('visible_to_nobody', state.visibleToNobody.length, { files: [namedFilesMessage(state.visibleToNobody)] }),
    );
  }
  state.warnings.push(...unmatchedPatterns(read, state.matchers, listing.files));
  const people = mappingPrincipals(mapping);
  state.warnings.push(...principalReachWarnings(people.principals, state.documents, (index) => principalPlace(read, index)));
  state.warnings.push(...mappingAlikeIdWarnings(mapping, (at) => mappingPlace(read, at)));
  state.warnings.push(...documentGroupAlikeWarnings(mapping, people.principals, state.documents, localGroups(options, state.warnings)));
  return {
    documents: state.documents,
    supersessions: edges.map((edge) => ({ ...edge, stated_in: [...edge.stated_in] })),
    failed: state.failed,
    warnings: state.warnings.map(coreEnglish),
    warningMessages: state.warnings,
    skipped: state.skipped,
    aclDefaults,
    bodies: state.bodies,
    adrs: adrLoadReport(state.adrRecords, edges, problems),
    principals: people.principals,
    groups: people.groups,
  };
}

/** The local list's principals, or none with a warning saying why they could not be read (their groups were not compared). */
function localGroups(options: FolderReadOptions, warnings: CoreMessage[]): readonly LocalGroupsOf[] {
  if (!options.localPrincipals) return [];
  try {
    return options.localPrincipals();
  } catch (error) {
    const reason = (error instanceof LensError ? error.said : undefined) ?? demoLoadMessage('local_principals_unknown_part');
    warnings.push(demoLoadMessage('local_principals_unread', { reason: [reason] }));
    return [];
  }
}

/**
 * A warning for each `files:` pattern of the mapping that no file of the folder matches: a pattern
 * written from another folder (`doc/adr/*.md` for a folder that is `doc/adr` itself) or misspelt
 * leaves the files it meant under the defaults — public, perhaps — without a word.
 */
function unmatchedPatterns(read: ReadAclMapping, matchers: FolderState['matchers'], files: readonly MarkdownFileEntry[]): CoreMessage[] {
  const example = files[0]?.relative;
  if (example === undefined) return [];
  return matchers
    .filter((matcher) => !files.some((file) => matcher.pattern.test(file.relative)))
    .map((matcher) => {
      const line = read.lineOf(['files', matcher.glob]);
      const where =
        line === null
          ? demoLoadMessage('mapping_where', { file: read.file })
          : demoLoadMessage('mapping_where_line', { file: read.file, line });
      return demoLoadMessage('mapping_glob_unmatched', { where: [where], glob: matcher.glob, example });
    });
}

/** Where the mapping defines its `index`th principal: the file and line, as a warning names it. */
const principalPlace = (read: ReadAclMapping, index: number): CoreMessage => mappingPlace(read, ['principals', index]);

/** Where the mapping says what `at` points to: the file and line, as a warning names it. */
function mappingPlace(read: ReadAclMapping, at: MappingPath): CoreMessage {
  const line = read.lineOf(at);
  return line === null
    ? demoLoadMessage('mapping_where', { file: read.file })
    : demoLoadMessage('mapping_where_line', { file: read.file, line });
}

/**
 * The largest file read as a document: 20 MB of markdown is far past any document a team writes (a
 * long changelog is a few MB), and reading and chunking much more (a log or a data dump named `.md`)
 * would hold the load for minutes or exhaust its memory — past about 512 MB a file cannot even become
 * one string. A larger file is skipped and named, unread.
 */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/**
 * Opening never follows a link at the last component (the walk resolved links already) and never waits
 * for a writer: a file replaced by a named pipe between the listing and the read held the load forever.
 */
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/** The listed file, when its turn came, was no regular file any more (a folder, a pipe, a device put in its place). */
class ReplacedSinceListing extends Error {}

/**
 * Reads a file's bytes, or returns its size when it is larger than `MAX_DOCUMENT_BYTES` (nothing
 * read). What is read is what one descriptor holds, and its own fstat must be a regular file.
 */
function readBytes(realPath: string): Buffer | { tooLarge: number } {
  const fd = fs.openSync(realPath, READ_FLAGS);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new ReplacedSinceListing();
    return stat.size > MAX_DOCUMENT_BYTES ? { tooLarge: stat.size } : fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Why a file the walk listed as a regular file could not be read when its turn came: gone (removed or
 * renamed), another kind of entry, or a link put in its place, each said as what happened since the
 * listing (another program changed the folder); any other error as the system's, in words.
 */
function unreadableSinceListing(error: unknown): CoreMessage {
  if (error instanceof ReplacedSinceListing) return demoLoadMessage('read_replaced_part');
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return demoLoadMessage('read_vanished_part');
  // O_NOFOLLOW met a link where the walk had found a file (Linux says ELOOP, the BSDs EMLINK).
  if (code === 'ELOOP' || code === 'EMLINK') return demoLoadMessage('read_replaced_by_link_part');
  if (code === 'EISDIR' || code === 'ENXIO') return demoLoadMessage('read_replaced_part');
  return unreadableReason(error);
}

/** Megabytes to one decimal, as the summary names a size. */
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The file's text, or null when it was recorded as failed or skipped. */
function readText(state: FolderState, entry: MarkdownFileEntry): string | null {
  const relative = entry.relative;
  let bytes: Buffer;
  try {
    const read = readBytes(entry.realPath);
    if (!Buffer.isBuffer(read)) {
      const params = { file: relative, size: megabytes(read.tooLarge), limit: megabytes(MAX_DOCUMENT_BYTES) };
      state.skipped.push(skippedFile(relative, 'too_large', demoLoadMessage('skip_too_large', params)));
      return null;
    }
    bytes = read;
  } catch (error) {
    state.failed.push(unreadableFile(relative, error, unreadableSinceListing(error)));
    return null;
  }
  const content = decodeMarkdownBytes(bytes);
  if (content.kind === 'binary') {
    state.skipped.push(skippedFile(relative, 'binary', demoLoadMessage('skip_binary', { file: relative, why: [content.why] })));
    return null;
  }
  if (content.replaced > 0) {
    state.warnings.push(countedMessage('not_utf8', content.replaced, { file: relative }));
  }
  // Markdown run through a template engine: its tags are markup for the engine, not prose.
  const syntax = templateSyntaxOf(entry.extension);
  const text = syntax === null ? content.text : stripTemplateTags(content.text, syntax).text;
  // AsciiDoc and reStructuredText read under --ext: their titles, fields and links as markdown's.
  const markup = lightMarkupOf(entry.extension);
  return markup === null ? text : asMarkdown(text, markup);
}

/**
 * Skips a file with no text to read (0 bytes, only whitespace, or only front matter), naming it: a
 * document of it would hold no chunk, be counted as loaded, and could be handed over by title alone.
 */
function skipEmpty(state: FolderState, relative: string, text: string, body: string): boolean {
  if (body.trim() !== '') return false;
  const code = text.trim() === '' ? 'skip_empty' : 'skip_front_matter_only';
  state.skipped.push(skippedFile(relative, 'empty', demoLoadMessage(code, { file: relative })));
  return true;
}

/** Reads one file into a document, or records why it could not be. */
function readOneFile(state: FolderState, entry: MarkdownFileEntry, wholeName: boolean): void {
  const relative = entry.relative;
  const text = readText(state, entry);
  if (text === null) return;
  let frontMatter: ReturnType<typeof parseFrontMatter>;
  let templateTitle: string | null = null;
  try {
    frontMatter = parseFrontMatter(text, relative);
  } catch (error) {
    if (!isCorpusInputError(error)) throw error;
    // A template's front matter is placeholders (`title: ADR000: [TITLE]`, MADR 3's `status: {proposed | …}`):
    // it loads as text, like its body, and goes by the title its body gives (not a `# comment` in the YAML).
    if (isTemplateFile(relative)) {
      frontMatter = { data: {}, body: text, bodyOffset: 0 };
      templateTitle = bodyTitle(text.slice(frontMatterBlockEnd(text)));
    } else {
      state.failed.push(loadProblem(relative, error.line, error.said));
      return;
    }
  }
  if (skipEmpty(state, relative, text, frontMatter.body)) return;
  for (const { line, key, starts } of frontMatter.quoted ?? [])
    state.warnings.push(
      starts === undefined
        ? demoLoadMessage('unquoted_colon', { file: relative, line, key })
        : demoLoadMessage('unquoted_reserved', { file: relative, line, key, char: starts }),
    );
  for (const { line, tag } of frontMatter.unknownTags ?? [])
    state.warnings.push(demoLoadMessage('unknown_tag', { file: relative, line, tag }));
  const data = withDateAliases(frontMatter.data, relative, state.warnings);
  const meta = DocumentMeta.safeParse(data);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    const line = frontMatterLine(text, key);
    const params = { file: relative, key, issue: issueClause(issue, data) };
    const said = line ? demoLoadMessage('fm_field_invalid_line', { ...params, line }) : demoLoadMessage('fm_field_invalid', params);
    state.failed.push(loadProblem(relative, line, said));
    return;
  }
  const documentId = meta.data.document_id ?? slugFromPath(relative, entry.extension);
  const duplicate = state.seenIds.get(documentId);
  if (duplicate) {
    state.failed.push(
      loadProblem(
        relative,
        frontMatterLine(text, 'document_id'),
        demoLoadMessage('fail_duplicate_id', { file: relative, id: documentId, other: duplicate }),
      ),
    );
    return;
  }
  // After the id check: the defaults it records are reported as applied to loaded documents.
  const acl = documentAcl(state, relative, text, data);
  if (acl === null) return;
  state.seenIds.set(documentId, relative);
  const facts = parseAdr({ fileName: relative, body: frontMatter.body, frontMatter: data, rootFolder: state.rootFolder, wholeName });
  // A file named as a decision log (`09_architecture_decisions.md`) with no status of its own is read as
  // a log before as one record: its number (`09`) is a chapter's, its sections the records.
  const namedLog = namesDecisionLog(relative);
  const asLog = facts === null || (namedLog && facts.status_source === 'none');
  // A log kept as one table is read as one record by the table's Status column when the file is named as a log.
  const kinds = { sections: asLog, table: (asLog || namedLog) && !adrPathFacts(relative, state.rootFolder).notARecord };
  const log =
    (kinds.sections || kinds.table) && meta.data.doc_type === undefined
      ? logDocuments(state, { relative, documentId, body: frontMatter.body, namedLog, kinds })
      : null;
  const pieces = log ?? [
    {
      documentId,
      body: frontMatter.body,
      facts,
      adrFile: relative,
      anchor: null,
      ...(templateTitle === null ? {} : { title: templateTitle }),
    },
  ];
  for (const piece of pieces) {
    if (piece.documentId !== documentId) state.seenIds.set(piece.documentId, relative);
    state.documents.push(toDocument(state, entry, piece, meta.data, acl));
  }
}

/** One document a file loads as: the whole file, or one part of a decision log. */
interface DocumentPiece {
  readonly documentId: string;
  readonly body: string;
  readonly facts: AdrFacts | null;
  /** The name the record goes by in supersession messages (`docs/DECISIONS.md#ADR-005` for a log's section). */
  readonly adrFile: string;
  /** The section's anchor in the source (`adr-005`), or null for a whole file. */
  readonly anchor: string | null;
  /** A title of its own: a log's appendix goes by its heading. */
  readonly title?: string;
}

// A dated section's heading up to its title: `## 2024-03-01: `, `## 2024-03-01 — `.
const DATED_HEADING_START = /^ {0,3}#+\s*[*_`]*\d{4}-\d\d-\d\d(?:\s*[:.)]\s*|\s+[-–—]\s+|\s*[–—]\s*|\s+)/;

/** A file read as a decision log, and the kinds of log it may be: sections (`### ADR-005: …`), or one table with a row a record. */
interface LogFile {
  readonly relative: string;
  readonly documentId: string;
  readonly body: string;
  readonly namedLog: boolean;
  readonly kinds: { readonly sections: boolean; readonly table: boolean };
}

/**
 * A decision log's parts as documents: each record's section a record of its own (read as a file
 * `ADR-005.md` in the log's folder whose title is the section heading), the text around them as
 * text; null when the file is no log, or when no section states a status the reader knows (a
 * roadmap with `## ADR-1 follow-ups` headings stays one document), unless the file is named as a
 * log (`namedLog`: `09_architecture_decisions.md`, `DECISIONS.md`): there the sections are records
 * whose status is unknown, as a numbered record without a status in a folder of records is.
 */
function logDocuments(state: FolderState, file: LogFile): DocumentPiece[] | null {
  const { relative, documentId, body, namedLog, kinds } = file;
  const parts = (kinds.sections ? decisionLogParts(body) : null) ?? (kinds.table ? decisionTableParts(body) : null);
  if (parts === null) return null;
  const folder = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/') + 1) : '';
  const used = new Set<string>();
  const unique = (id: string) => {
    let candidate = id;
    for (let k = 2; used.has(candidate) || (candidate !== documentId && state.seenIds.has(candidate)); k += 1) candidate = `${id}-${k}`;
    used.add(candidate);
    return candidate;
  };
  const files = sectionFiles(body, parts);
  const pieces: DocumentPiece[] = [];
  // Where the file's own text is among the pieces, once it has some.
  let own = -1;
  for (const part of parts) {
    const text = body.slice(part.start, part.end);
    if (part.number === null) {
      // Text after a record under a heading of its own (`## Appendix`) goes by it; the preamble, and text that
      // runs on after a log's table without one ("Add a row for each decision."), are the file's own text.
      const heading = part.start > 0 ? atxHeading(text.replace(/^(?:[ \t]*\n)+/, '').split('\n', 1)[0] ?? '') : null;
      const previous = pieces[own];
      if (heading || previous === undefined) {
        if (!heading) own = pieces.length;
        const title = heading ? { title: headingPlainText(heading.text) } : {};
        pieces.push({ documentId: unique(documentId), body: text, facts: null, adrFile: relative, anchor: null, ...title });
      } else pieces[own] = { ...previous, body: previous.body + text };
      continue;
    }
    // The section's heading read as the record's title: `### ADR-005: X` as `# ADR-005: X`; a dated
    // section's without its date, which its name keeps (`## 2024-03-01: Use SQLite` as `# Use SQLite`).
    const dated = part.prefix === DATED_PREFIX;
    const asFile = part.record ?? (dated ? text.replace(DATED_HEADING_START, '# ') : text.replace(/^ {0,3}#+/, '#'));
    const id = `${part.prefix}${part.number}`;
    const series = part.prefix === ADR_PREFIX || dated ? undefined : { prefix: part.prefix, digits: part.number };
    const file = { fileName: `${folder}${id}.md`, body: withSectionLinks(asFile, files), frontMatter: {}, rootFolder: state.rootFolder };
    const facts = parseAdr({ ...file, series, logSection: dated });
    const anchor = id.toLowerCase();
    pieces.push({ documentId: unique(`${documentId}--${anchor}`), body: text, facts, adrFile: `${relative}#${id}`, anchor });
  }
  // A series of its own (`DEC-002`) is no record's id by itself: ticket keys (`SHOP-123`), standards
  // (`ISO-8601`) and steps (`STEP-1`) are written so too, with a task's state (`Status: Done`). Its
  // sections are records when one states a decision's status.
  // Sections headed by a date alone are a journal's, a changelog's or a log of meetings as often: their
  // sections are records only when one states a decision's status in a field (`Status: Accepted`, a
  // `### Status` section), not a line under the heading that opens with such a word ("Approved by ops.").
  // So are a table's rows: a table of tasks or features numbered `1`, `2` carries `Done` and `Approved` too.
  const prefix = parts[0]?.prefix;
  const decided =
    prefix === ADR_PREFIX && !parts.some((part) => part.record !== undefined)
      ? (facts: AdrFacts) => facts.status !== 'unknown'
      : prefix === DATED_PREFIX
        ? (facts: AdrFacts) => statesDecision(facts) && facts.status_source !== 'under_title'
        : statesDecision;
  return namedLog || pieces.some((piece) => piece.facts !== null && decided(piece.facts)) ? pieces : null;
}

/**
 * The file each record section of a log is read as (`ADR-005.md`, `2024-06-15-use-postgres.md`), by
 * the anchors a link within the log names it with: its heading's as GitHub makes it
 * (`#2024-06-15-use-postgres`, `#dec-002-use-postgres`) and its id's (`#dec-002`).
 */
function sectionFiles(body: string, parts: readonly LogPart[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const part of parts) {
    if (part.number === null) continue;
    const id = `${part.prefix}${part.number}`;
    const heading = atxHeading(body.slice(part.start, part.end).split('\n', 1)[0] ?? '');
    if (heading) files.set(headingSlug(headingPlainText(heading.text)), `${id}.md`);
    files.set(id.toLowerCase(), `${id}.md`);
  }
  return files;
}

// A link to an anchor of the same page: `](#2024-06-15-use-postgres)`. Each class excludes what follows it: linear.
const ANCHOR_LINK = /\]\(#([^)\s]+)\)/g;

/** A section's links to another section of its log (`[Use Postgres](#2024-06-15-use-postgres)`) as links to the file that section is read as. */
function withSectionLinks(text: string, files: ReadonlyMap<string, string>): string {
  return text.replace(ANCHOR_LINK, (link, anchor: string) => {
    const file = files.get(anchor.toLowerCase());
    return file === undefined ? link : `](${file})`;
  });
}

// The states a task, a step or a plan item takes, which map to a record's status but say nothing of a
// decision: "Done", "Completed", "Implemented", "In progress", "Blocked", "Open", a board's "Review" column.
const TASK_STATES = new Set([
  'done',
  'complete',
  'completed',
  'implemented',
  'active',
  'open',
  'blocked',
  'wip',
  'final',
  'draft',
  'review',
  'in progress',
]);

/** Whether a record states a status a decision takes, not one a task shares with it (`Done`, `In progress`). */
function statesDecision(facts: AdrFacts): boolean {
  if (facts.status === 'unknown' || facts.status === 'pending' || facts.status_raw === null) return false;
  const words = facts.status_raw.toLowerCase().match(/\p{L}+/gu) ?? [];
  return !TASK_STATES.has(words[0] ?? '') && !TASK_STATES.has(words.slice(0, 2).join(' '));
}

/** Records a file whose last matching mapping entry makes it public after an earlier one restricted it. */
function noteWidening(state: FolderState, relative: string, matching: FolderState['matchers']): void {
  const setting = matching.filter((m) => m.acl.visibility !== undefined);
  const last = setting.at(-1);
  if (last?.acl.visibility !== 'public') return;
  const narrower = setting.find((m) => m.acl.visibility !== 'public');
  if (narrower) state.widened.push({ file: relative, narrower: narrower.glob, wider: last.glob });
}

/** The document's ACL from mapping defaults, matching globs and front matter (in that order), failing closed. */
function documentAcl(state: FolderState, relative: string, text: string, data: Record<string, unknown>): DocumentAcl | null {
  const fromFrontMatter = Object.fromEntries(
    ACL_KEYS.filter((key) => Object.hasOwn(data, key) && data[key] !== undefined).map((key) => [key, data[key]]),
  );
  const matching = state.matchers.filter((m) => m.pattern.test(relative));
  const fromMapping = Object.assign({}, ...matching.map((m) => m.acl)) as Record<string, unknown>;
  noteWidening(state, relative, matching);
  const chosen = withAclDefaults({ ...state.mapping.defaults, ...fromMapping, ...fromFrontMatter });
  const acl = DocumentAcl.safeParse(chosen.fields);
  if (!acl.success) {
    const issue = acl.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    const line = key in fromFrontMatter ? frontMatterLine(text, key) : null;
    const where = demoLoadMessage(key in fromFrontMatter ? 'acl_where_front_matter' : 'acl_where_mapping');
    const hint = demoLoadMessage(ACL_FIELD_HINTS[key] ?? 'acl_hint_visibility');
    const params = { file: relative, key, issue: issueClause(issue, chosen.fields), where: [where], hint: [hint] };
    const said = line ? demoLoadMessage('acl_field_invalid_line', { ...params, line }) : demoLoadMessage('acl_field_invalid', params);
    state.failed.push(loadProblem(relative, line, said));
    return null;
  }
  if (chosen.applied.length > 0) state.defaultsApplied.push({ file: relative, applied: chosen.applied });
  if (chosen.visibleToNobody) state.visibleToNobody.push(relative);
  return acl.data;
}

function toDocument(
  state: FolderState,
  entry: MarkdownFileEntry,
  piece: DocumentPiece,
  meta: z.infer<typeof DocumentMeta>,
  acl: DocumentAcl,
): LoadedDocument {
  const relative = entry.relative;
  const { documentId, body, facts } = piece;
  if (facts) state.adrRecords.push({ document_id: documentId, fileName: piece.adrFile, facts });
  const moved = facts?.lifecycle_folder;
  if (moved && moved.overrides !== null) {
    const params = { file: piece.adrFile, status: moved.overrides, folder: moved.folder };
    state.warnings.push(demoLoadMessage(`adr_folder_status_${facts?.status === 'superseded' ? 'superseded' : 'deprecated'}`, params));
  }
  const renamed = facts?.name_status_differs;
  if (renamed)
    state.warnings.push(demoLoadMessage('adr_name_status_differs', { file: piece.adrFile, status: renamed.status, word: renamed.word }));
  const bannered = facts?.banner_overrides;
  if (bannered) {
    const params = { file: piece.adrFile, status: bannered.status, banner: bannered.banner };
    const loaded = facts?.status === 'deprecated' || facts?.status === 'partly_superseded' ? facts.status : 'superseded';
    state.warnings.push(demoLoadMessage(`adr_banner_status_${loaded}`, params));
  }
  const chunks = chunkMarkdown(body).map((chunk) => ({
    chunk_id: `${documentId}#${chunk.position}`,
    position: chunk.position,
    text: chunk.text,
    start_char: chunk.start_char,
    end_char: chunk.end_char,
    heading_path: chunk.heading_path,
    acl_partition: acl.acl_partition,
  }));
  if (chunks.length === 0) state.warnings.push(demoLoadMessage('no_chunks', { file: relative }));
  state.bodies.set(documentId, body);
  return {
    document_id: documentId,
    file: relative,
    title:
      piece.title ??
      (piece.anchor === null ? meta.title : undefined) ??
      // A record with no number is known by its file's slug (`20200115-use-markdown-for-the-api-docs`, log4brains):
      // its title is its heading alone, as log4brains shows it; the slug stays its id.
      (facts?.title ? (facts.number === null ? facts.title : `${facts.adr_id}: ${facts.title}`) : null) ??
      bodyTitle(body) ??
      fileTitle(relative, entry.extension),
    doc_type: meta.doc_type ?? (facts ? 'adr' : 'document'),
    language: meta.language ?? null,
    acl,
    source_uri: `${meta.source_uri ?? `file://${path.resolve(entry.logicalPath)}`}${piece.anchor ? `#${piece.anchor}` : ''}`,
    source_version: meta.source_version ?? null,
    created_at: meta.created_at ?? null,
    updated_at: meta.updated_at ?? null,
    valid_from: meta.valid_from ?? null,
    valid_to: meta.valid_to ?? null,
    adr: facts
      ? {
          adr_id: facts.adr_id,
          status: facts.status,
          status_raw: facts.status_raw,
          status_text: facts.status_text,
          status_source: facts.status_source,
          decided_at: facts.decided_at,
          dated_by: facts.dated_by,
          ...outsideFields(facts),
        }
      : null,
    chunks,
  };
}
