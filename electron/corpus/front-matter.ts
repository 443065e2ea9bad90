import { parse as parseToml, TomlDate, TomlError } from 'smol-toml';
import { parseDocument } from 'yaml';
import { CorpusInputError } from './corpus-input-error';
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage, type DemoLoadMessageCode } from '../../shared/demo-load-messages';
import { yamlBuildReason, yamlReason } from '../../shared/yaml-problem';
import { MAX_YAML_NESTING, yamlTooDeepAt } from '../yaml-nesting';

/** What {@link parseFrontMatter} found in one markdown file. */
export interface FrontMatter {
  /** The YAML mapping between the `---` lines; `{}` when the file has no front matter. */
  data: Record<string, unknown>;
  /** The file text after the closing `---` line (the whole text when there is no front matter). */
  body: string;
  /** Offset of `body` in the file text, so body offsets can be mapped back to the file. */
  bodyOffset: number;
  /**
   * File lines whose text value YAML refused unquoted and that were read as the text written, each with its key:
   * a colon inside it (`title: Runbook: X`), or a character YAML reserves opening it (`deciders: @adh @jspring`), given as `starts`.
   */
  quoted?: ReadonlyArray<QuotedValue>;
  /** Tags YAML does not know (`!!js/function`, `!custom`), as written, each with its file line: left out, the value read as the text after it. */
  unknownTags?: ReadonlyArray<{ line: number; tag: string }>;
}

/** A front matter line whose value was read as the text written; `starts` is the reserved character opening it, if that was why. */
export interface QuotedValue {
  readonly line: number;
  readonly key: string;
  readonly starts?: string;
}

// A byte-order mark is invisible in editors, so it must not hide the opening line.
const OPENING_LINE = /^\uFEFF?---[ \t]*(?:\r?\n|$)/;
// `...` is YAML's own end-of-document marker and some generators write it.
const CLOSING_LINE = /^(?:---|\.\.\.)[ \t]*$/;
// Hugo's TOML front matter, between `+++` lines.
const TOML_OPENING_LINE = /^\uFEFF?\+\+\+[ \t]*(?:\r?\n|$)/;
const TOML_CLOSING_LINE = /^\+\+\+[ \t]*$/;

/**
 * Splits YAML front matter from a markdown file, or Hugo's TOML front matter.
 *
 * Front matter exists only when the very first line is `---`; it ends at the next line that
 * is `---` (or `...`). TOML front matter opens and closes with `+++` lines; its dates are read as
 * the text they were written as. Line endings may be LF or CRLF.
 *
 * @param fileText the whole file
 * @param file the file's name as the user should see it in error messages
 * @throws CorpusInputError when the block is never closed, is not valid YAML, or is not a
 *   mapping; its `line` is the 1-based line in the file
 */
export function parseFrontMatter(fileText: string, file: string): FrontMatter {
  const toml = TOML_OPENING_LINE.exec(fileText);
  if (toml) return parseTomlFrontMatter(fileText, file, toml[0].length);
  const opening = OPENING_LINE.exec(fileText);
  if (!opening) return { data: {}, body: fileText, bodyOffset: 0 };

  const yamlStart = opening[0].length;
  const closing = findClosingLine(fileText, yamlStart, CLOSING_LINE);
  if (!closing) {
    throw new CorpusInputError(file, 1, demoLoadMessage('fm_unclosed_yaml', { file, line: 1 }));
  }

  const yamlSource = fileText.slice(yamlStart, closing.start);
  // Measured before the YAML library builds anything: a document thousands of levels deep aborted the process.
  const deepAt = yamlTooDeepAt(yamlSource);
  if (deepAt !== null) {
    const line = fileLineAt(yamlSource, deepAt);
    throw new CorpusInputError(file, line, demoLoadMessage('fm_too_deep', { file, line, max: MAX_YAML_NESTING }));
  }
  const { source, quoted } = quoteColonValues(yamlSource);
  const { data, unknownTags } = parseYamlMapping(source, file);
  return {
    data,
    body: fileText.slice(closing.next),
    bodyOffset: closing.next,
    ...(quoted.length > 0 ? { quoted } : {}),
    ...(unknownTags.length > 0 ? { unknownTags } : {}),
  };
}

// Keys whose value is prose a person writes, where `title: Runbook: Repo Validator` (a colon left
// unquoted, which YAML refuses as a nested mapping) means the text as written. Never an access field:
// those fail closed with their line.
const TEXT_KEYS = new Set(['title', 'description', 'summary', 'subtitle', 'sidebar_label', 'excerpt', 'name']);
// A top-level `key: value` line whose value holds `: ` and is not quoted, a block or a flow collection.
const COLON_VALUE = /^([A-Za-z_][\w-]*):[ \t]+([^'"|>[{&*!#\s][^\n]*?:[ \t][^\n]*)$/;
// Keys that name people, as MADR's front matter does (`deciders: @adh @jspring`, `consulted: @tschmidtb51`): a
// GitHub handle opens with `@`, which YAML reserves, so the value was meant as the text written.
const PEOPLE_KEYS = new Set(['deciders', 'consulted', 'informed', 'author', 'authors', 'owner', 'owners', 'reviewers']);
// A top-level `key: value` line whose value opens with a character YAML reserves for later use (`@`, a backtick).
const RESERVED_VALUE = /^([A-Za-z_][\w-]*):[ \t]+([@`][^\n]*)$/;

/**
 * The YAML with each prose value that holds an unquoted `: ` quoted, when YAML would refuse it as
 * written, and the lines so read (file lines: YAML line 1 is file line 2). YAML that parses is left as is.
 */
function quoteColonValues(source: string): { source: string; quoted: QuotedValue[] } {
  if (parseDocument(source, { prettyErrors: false }).errors.length === 0) return { source, quoted: [] };
  const quoted: QuotedValue[] = [];
  const lines = source.split('\n').map((line, index) => {
    const reserved = RESERVED_VALUE.exec(line.replace(/\r$/, ''));
    if (reserved?.[1] && reserved[2] && (TEXT_KEYS.has(reserved[1]) || PEOPLE_KEYS.has(reserved[1]))) {
      quoted.push({ line: index + 2, key: reserved[1], starts: reserved[2].charAt(0) });
      return `${reserved[1]}: ${JSON.stringify(reserved[2].trim())}${line.endsWith('\r') ? '\r' : ''}`;
    }
    const found = COLON_VALUE.exec(line.replace(/\r$/, ''));
    // `title: ADR000: [TITLE]` is a template's placeholder, not prose: left for YAML to refuse.
    if (!found?.[1] || !found[2] || !TEXT_KEYS.has(found[1]) || /:[ \t]*[[{]/.test(found[2])) return line;
    quoted.push({ line: index + 2, key: found[1] });
    return `${found[1]}: ${JSON.stringify(found[2].trim())}${line.endsWith('\r') ? '\r' : ''}`;
  });
  return quoted.length === 0 ? { source, quoted } : { source: lines.join('\n'), quoted };
}

/** The `+++` block: its TOML as plain values (a date as the text written), and the body after it. */
function parseTomlFrontMatter(fileText: string, file: string, tomlStart: number): FrontMatter {
  const closing = findClosingLine(fileText, tomlStart, TOML_CLOSING_LINE);
  if (!closing) {
    throw new CorpusInputError(file, 1, demoLoadMessage('fm_unclosed_toml', { file, line: 1 }));
  }
  let data: Record<string, unknown>;
  try {
    data = plainToml(parseToml(fileText.slice(tomlStart, closing.start))) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const line = error.line + 1;
    throw new CorpusInputError(file, line, demoLoadMessage('fm_invalid_toml', { file, line, reason: [tomlReason(error.message)] }));
  }
  return { data, body: fileText.slice(closing.next), bodyOffset: closing.next };
}

/** TOML values as the YAML reader gives them: plain objects and arrays, a date as the text it was written as. */
function plainToml(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainToml);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]));
  return value;
}

/** Finds the closing line at or after `from`: its start and the offset just past its line ending. */
/**
 * Where the text after a YAML or TOML front matter block starts, found by its `---` / `+++` lines
 * alone, without reading what is between; 0 when the text opens with no closed block.
 */
export function frontMatterBlockEnd(fileText: string): number {
  const toml = TOML_OPENING_LINE.exec(fileText);
  const opening = toml ?? OPENING_LINE.exec(fileText);
  if (!opening) return 0;
  return findClosingLine(fileText, opening[0].length, toml ? TOML_CLOSING_LINE : CLOSING_LINE)?.next ?? 0;
}

function findClosingLine(text: string, from: number, closingLine: RegExp): { start: number; next: number } | null {
  let start = from;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const content = text.slice(start, end).replace(/\r$/, '');
    if (closingLine.test(content)) return { start, next: newline === -1 ? text.length : newline + 1 };
    if (newline === -1) return null;
    start = newline + 1;
  }
  return null;
}

/**
 * Parses the YAML between the fences; every failure names the file line (YAML line 1 is file line 2).
 * A tag the library does not know (`!!js/function "…"`, `!custom x`) is no failure of YAML: the
 * library leaves it out and reads the value as the text written, which was kept without a word. Each is
 * returned as written with its line, for a warning.
 */
function parseYamlMapping(
  source: string,
  file: string,
): { data: Record<string, unknown>; unknownTags: Array<{ line: number; tag: string }> } {
  const doc = parseDocument(source, { prettyErrors: false });
  const unknownTags = doc.warnings
    .filter((warning) => warning.code === 'TAG_RESOLVE_FAILED')
    .map((warning) => ({ line: fileLineAt(source, warning.pos[0]), tag: source.slice(warning.pos[0], warning.pos[1]) }));
  const firstError = doc.errors[0];
  if (firstError) {
    const line = fileLineAt(source, firstError.pos[0]);
    // The library's code, worded in the UI's language: its message is English only and may quote the text back.
    throw new CorpusInputError(file, line, demoLoadMessage('fm_invalid_yaml', { file, line, reason: [yamlReason(firstError.code)] }));
  }

  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    // YAML that parses but whose value the library refuses to build (an alias bomb, an alias before its anchor), worded by kind.
    throw new CorpusInputError(file, 2, demoLoadMessage('fm_unreadable_yaml', { file, line: 2, reason: [yamlBuildReason(error)] }));
  }

  if (value === null || value === undefined) return { data: {}, unknownTags };
  const tagged = yamlTypeTagClause(value, 'whole');
  if (typeof value !== 'object' || Array.isArray(value) || tagged !== null) {
    const what =
      tagged ?? (Array.isArray(value) ? demoLoadMessage('fm_what_list') : demoLoadMessage('fm_what_single', { type: typeof value }));
    throw new CorpusInputError(file, 2, demoLoadMessage('fm_not_mapping', { file, line: 2, what: [what] }));
  }
  return { data: value as Record<string, unknown>, unknownTags };
}

// What YAML builds for a type tag of its own whose value is no text, list or mapping, and the clause naming it.
const TYPE_TAGS: ReadonlyArray<readonly [(value: unknown) => boolean, string, DemoLoadMessageCode]> = [
  [(value) => value instanceof Uint8Array, '!!binary', 'fm_tag_binary'],
  [(value) => value instanceof Set, '!!set', 'fm_tag_set'],
  [(value) => value instanceof Map, '!!omap', 'fm_tag_omap'],
];

/**
 * What a value YAML built for one of its type tags is (`!!binary aGk=` bytes, `!!set {a}`, `!!omap [a: 1]`),
 * as a clause naming the tag and what to do; null for any other value. Such a value was named by its
 * JavaScript type ("not Buffer"), or read as an empty mapping when the whole front matter was one.
 */
export function yamlTypeTagClause(value: unknown, as: 'field' | 'whole' = 'field'): CoreMessage | null {
  const found = TYPE_TAGS.find(([is]) => is(value));
  if (!found) return null;
  const params = { tag: found[1], what: [demoLoadMessage(found[2])] };
  return demoLoadMessage(as === 'field' ? 'fm_tagged_value_part' : 'fm_what_tagged', params);
}

/**
 * 1-based file line of an offset into the YAML source, which begins on file line 2.
 * Errors found at the very end (an unclosed quote) are put on the last YAML line, not the fence.
 */
function fileLineAt(source: string, offset: number): number {
  let newlines = 0;
  const end = Math.min(Math.max(offset, 0), source.length);
  for (let i = 0; i < end; i++) if (source.charCodeAt(i) === 10) newlines++;
  const yamlLines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  return Math.min(newlines, Math.max(yamlLines - 1, 0)) + 2;
}

// The TOML library's refusals carry no code, only an English message: told apart by how it starts, here only.
const TOML_PROBLEMS: ReadonlyArray<readonly [RegExp, DemoLoadMessageCode]> = [
  [
    /^(unfinished (string|array|table)|expected comma or end of structure|expected end of table array|incomplete key-value)/,
    'fm_toml_unclosed_part',
  ],
  [/^(illegal character in key|illegal empty bare key|unexpected end of key|illegal quoted key)/, 'fm_toml_bad_key_part'],
  [/^trying to redefine/, 'fm_toml_duplicate_part'],
  [/escape/, 'fm_toml_bad_escape_part'],
  [/^control characters/, 'fm_toml_control_char_part'],
  [/^each key-value declaration/, 'fm_toml_one_per_line_part'],
  [
    /^(invalid (value|date)|illegal (leading zero|underscore|character in numeric)|integer value|unfinished numeric)/,
    'fm_toml_bad_value_part',
  ],
  [/nested/, 'fm_toml_too_deep_part'],
  [/unsafe property/, 'fm_toml_unsafe_key_part'],
];

/** What is wrong with TOML front matter, as a clause worded in the reader's language, from the TOML library's message. */
function tomlReason(message: string): CoreMessage {
  const problem = message.replace(/^Invalid TOML document: /, '');
  return demoLoadMessage(TOML_PROBLEMS.find(([start]) => start.test(problem))?.[1] ?? 'fm_toml_invalid_part');
}
