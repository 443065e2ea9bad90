// AsciiDoc and reStructuredText read as the markdown the chunker and the ADR reader understand, for
// files the loader reads under `--ext adoc` / `--ext rst`: decision records are kept in both (arc42's
// AsciiDoc templates; Sphinx projects' `docs/adr/*.rst`), and read as markdown their section titles
// are plain paragraphs, so a record's title, its `Status` section and its `:Status: Accepted` field
// went unread. Only what carries structure is rewritten — section titles, header attributes and field
// lists, cross references and links — line by line; the prose stays as written, and literal blocks
// are left alone. Offsets of the chunks are in the rewritten text, as they are after template tags
// are taken out (template-tags.ts).

import { decisionDate } from './adr-date';

/** The light markups a file's extension says it is written in. */
export type LightMarkup = 'asciidoc' | 'rst';

const MARKUP_OF: ReadonlyMap<string, LightMarkup> = new Map([
  ['adoc', 'asciidoc'],
  ['asciidoc', 'asciidoc'],
  ['rst', 'rst'],
]);

/** The light markup of a file read under `extension` (its last part decides: `x.adoc`, `x.rst`), or null for markdown. */
export function lightMarkupOf(extension: string): LightMarkup | null {
  return MARKUP_OF.get(extension.toLowerCase().split('.').at(-1) ?? '') ?? null;
}

/** `text`, written in `markup`, as markdown: ATX headings, `Key: value` lines, markdown links. */
export function asMarkdown(text: string, markup: LightMarkup): string {
  const lines = text.split(/\r\n|\n|\r/);
  return (markup === 'asciidoc' ? asciidocLines(lines) : rstLines(lines)).join('\n');
}

/** How many `#` a heading of `level` (0 for a document title) takes: markdown has six levels. */
const hashes = (level: number) => '#'.repeat(Math.min(level + 1, 6));

/** A header attribute or a field: `:Status: Accepted`, `:status: accepted`, `:Superseded-By: ADR-0007`. */
const FIELD = /^:([\p{L}\p{N}_][\p{L}\p{N}_ -]*):(?:[ \t]+(.*))?$/u;

/** A field line as a markdown metadata line (`Status: Accepted`), or null when `line` is none. */
function fieldLine(line: string, inline: (value: string) => string): string | null {
  const field = FIELD.exec(line);
  if (!field) return null;
  const value = (field[2] ?? '').trim();
  return value === '' ? null : `${FIELD_NAMES.get((field[1] as string).toLowerCase()) ?? (field[1] as string)}: ${inline(value)}`;
}

/** Fields the markup names its own way: AsciiDoc's revision date (`:revdate:`) is the record's date. */
const FIELD_NAMES: ReadonlyMap<string, string> = new Map([['revdate', 'Date']]);

// AsciiDoc: `= Title` (the document), `== Section` … `====== Section`; listing, literal and passthrough
// blocks between lines of four or more `-`, `.`, `+` or between ``` fences; comments `//` and `////`.
// Every expression here and every scan below runs in time linear in the line (corpus-linear-time.test.ts).
const ASCIIDOC_HEADING = /^(={1,6})[ \t]+(\S.*)$/;
const ASCIIDOC_BLOCK = /^(?:-{4,}|\.{4,}|\+{4,}|\/{4,}|```.*)$/;

/** A section title without the closing `=` run the symmetric form puts after it (`== Notes ==`). */
function withoutClosingRun(title: string): string {
  const trimmed = title.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '=') end -= 1;
  return end < trimmed.length && end > 0 && /[ \t]/.test(trimmed[end - 1] as string) ? trimmed.slice(0, end).trimEnd() : trimmed;
}

/** `<<target,Label>>` and `<<id>>` (the class leaves out `<` and `>`, so a scan never runs past the next one). */
const ASCIIDOC_XREF = /<<([^<>]*)>>/g;
/** Where a macro link starts: `xref:`, `link:` or a web address followed by its label in brackets. */
const ASCIIDOC_MACRO = /xref:|link:|https?:\/\//g;

/** An AsciiDoc cross reference or link as a markdown link; a bare `<<id>>` as its id. */
function asciidocInline(text: string): string {
  const xrefs = text.replace(ASCIIDOC_XREF, (whole, inner: string) => {
    const comma = inner.indexOf(',');
    const target = (comma === -1 ? inner : inner.slice(0, comma)).trim().replace(/#.*$/, '');
    if (target === '' || /\s/.test(target)) return whole;
    const label = comma === -1 ? '' : inner.slice(comma + 1).trim();
    return label === '' ? target : `[${label}](${target})`;
  });
  return asciidocMacros(xrefs);
}

/** `xref:path[Label]`, `link:url[Label]` and `https://url[Label]` as markdown links, scanning forward only. */
function asciidocMacros(text: string): string {
  const out: string[] = [];
  let copied = 0;
  ASCIIDOC_MACRO.lastIndex = 0;
  for (let found = ASCIIDOC_MACRO.exec(text); found !== null; found = ASCIIDOC_MACRO.exec(text)) {
    const macro = found[0] === 'xref:' || found[0] === 'link:';
    const targetStart = macro ? found.index + found[0].length : found.index;
    let end = targetStart;
    while (end < text.length && !/[\s[\]]/.test(text[end] as string)) end += 1;
    ASCIIDOC_MACRO.lastIndex = Math.max(end, found.index + 1);
    if (text[end] !== '[' || end === targetStart) continue;
    const close = text.indexOf(']', end + 1);
    if (close === -1) break;
    const target = text.slice(targetStart, end);
    const label = text.slice(end + 1, close).trim();
    out.push(text.slice(copied, found.index), `[${label || target}](${found[0] === 'xref:' ? target.replace(/#.*$/, '') : target})`);
    copied = close + 1;
    ASCIIDOC_MACRO.lastIndex = copied;
  }
  out.push(text.slice(copied));
  return out.join('');
}

// The lines right under an AsciiDoc document title, before the first blank line, are its header: an
// author line (`Jane Doe <jane@example.com>`, several split by `;`), then a revision line
// (`v1.2, 2021-03-04: remark`), then attribute entries. Anchored, each part bounded or followed by a
// character it cannot match: linear in the line.
// An author: a name of two to four capitalised words, or any name with an address after it.
const AUTHOR = /^[\p{Lu}][\p{L}'.-]*(?: [\p{Lu}][\p{L}'.-]*){1,3}(?: <[^<>\s]+>)?$|^[^\s<>]+(?: [^\s<>]+){0,3} <[^<>\s@]+@[^<>\s]+>$/u;
const VERSION = /^v?\d[\w.-]*$/i;

/** Where the reading stands in the header: before the title, after it (an author line may follow), after the author line, or past it. */
type HeaderAt = 'before' | 'author' | 'revision' | 'done';

/**
 * The date of a revision line (`v1.0, 2021-03-04: remark`, `2021-03-04`, `March 4, 2021`; `v1.0` and
 * `1.2` have none), or null when the line is none. A date gives its year in four digits.
 */
function revisionLine(line: string): { date: string | null } | null {
  const colon = line.indexOf(':');
  const head = (colon === -1 ? line : line.slice(0, colon)).trim();
  const isDate = (text: string) => /\d{4}/.test(text) && decisionDate(text) !== null;
  const comma = head.indexOf(',');
  if (comma !== -1 && VERSION.test(head.slice(0, comma).trim())) {
    const date = head.slice(comma + 1).trim();
    return isDate(date) ? { date } : null;
  }
  if (!/^v/i.test(head) && isDate(head)) return { date: head };
  return comma === -1 && VERSION.test(head) ? { date: null } : null;
}

/** Whether the header from `from` (up to its first blank line) sets `:revdate:`. */
function headerSetsRevdate(lines: readonly string[], from: number): boolean {
  for (let i = from; i < lines.length && (lines[i] as string).trim() !== ''; i += 1) {
    if (/^:revdate:/i.test(lines[i] as string)) return true;
  }
  return false;
}

/**
 * How many levels a file's section titles stand below a document title: a file written to be included in
 * another (arc42's `include::adr/ADR-008.adoc[]`) has none and opens with a section title at the level of its
 * place there (`=== ADR-008: …`), its title. 0 for a file whose first title is its document title (`= …`).
 */
function includedLevel(lines: readonly string[]): number {
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === '' || trimmed.startsWith('//') || FIELD.test(trimmed) || /^\[[^\]]*\]$/.test(trimmed)) continue;
    const heading = ASCIIDOC_HEADING.exec(trimmed);
    return heading ? (heading[1] as string).length - 1 : 0;
  }
  return 0;
}

// A label in bold opening a line (`*Status:* Accepted`, `*Context:*`): AsciiDoc's bold is one `*`, markdown's two.
const BOLD_LABEL = /^\*([\p{L}][^*]*:)\*(?=[ \t]|$)/u;
// A description list's term and its text on one line (`Status:: Proposed (2026-03-11)`, `Context::`): a key and value.
const TERM = /^([\p{L}][\p{L}\p{N} _-]{0,40})::(?:[ \t]+(.*))?$/u;

/** A bold label or a description list term as the markdown a status or date line is read from; the line as it is otherwise. */
function asciidocLabel(line: string): string {
  const bold = BOLD_LABEL.exec(line);
  if (bold) return `**${bold[1] as string}**${line.slice(bold[0].length)}`;
  const term = TERM.exec(line);
  return term ? `${term[1] as string}:${term[2] === undefined ? '' : ` ${term[2].trim()}`}` : line;
}

function asciidocLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let block: string | null = null;
  let header: HeaderAt = 'before';
  const included = includedLevel(lines);
  let titled = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const trimmed = line.trimEnd();
    if (block !== null) {
      const closing = trimmed === block || (block === '```' && trimmed.startsWith('```'));
      if (closing) block = null;
      // A comment block's lines are the writer's notes, not the record's text; a listing block is a
      // markdown fence (its `----` under a line of text would make that line a markdown heading).
      if (!block?.startsWith('/') && !(closing && trimmed.startsWith('/'))) out.push(closing ? '```' : line);
      continue;
    }
    if (ASCIIDOC_BLOCK.test(trimmed)) {
      block = trimmed.startsWith('```') ? '```' : trimmed;
      if (!block.startsWith('/')) out.push('```');
      header = 'done';
      continue;
    }
    if (trimmed.startsWith('//')) continue;
    // The author and revision lines are the header's, not text; the revision's date dates the record
    // unless the header gives `:revdate:`.
    if (header === 'author' && trimmed.split(';').every((author) => AUTHOR.test(author.trim()))) {
      header = 'revision';
      continue;
    }
    const revision = header === 'revision' ? revisionLine(trimmed) : null;
    if (header !== 'before') header = 'done';
    if (revision !== null) {
      if (revision.date !== null && !headerSetsRevdate(lines, i + 1)) out.push(`Date: ${revision.date}`);
      continue;
    }
    const heading = ASCIIDOC_HEADING.exec(trimmed);
    if (heading) {
      if (header === 'before' && heading[1] === '=') header = 'author';
      // An included file's first title is its title (`#`), its sections below it (`##` …).
      const level = (heading[1] as string).length - 1;
      const shown = included === 0 ? level : titled ? Math.max(level - included, 1) : 0;
      titled = true;
      out.push(`${hashes(shown)} ${asciidocInline(withoutClosingRun(heading[2] as string))}`);
      continue;
    }
    const field = fieldLine(trimmed, asciidocInline);
    // Attribute entries and blank lines may stand before the title; anything else means the document has no header.
    if (header === 'before' && field === null && !FIELD.test(trimmed) && trimmed !== '') header = 'done';
    out.push(field ?? asciidocInline(asciidocLabel(line)));
  }
  return out;
}

// reStructuredText: a section title is a line of text under (and maybe over) a line of one repeated
// punctuation character at least as long; its level is the order in which its style first appears.
const RST_ADORNMENT = /^([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])\1{2,}[ \t]*$/;

/**
 * RST hyperlinks and cross references as markdown: `` `Title <url>`_ `` (and `__`) a link,
 * `` :doc:`Title <path>` `` and `` :doc:`path` `` a link to the document, `` :ref:`Title <label>` ``
 * and `` :ref:`label` `` the title or label (a label names no file). One forward scan from backtick
 * to backtick, so a line of unclosed ones costs no more than its length.
 */
function rstInline(text: string): string {
  const out: string[] = [];
  let copied = 0;
  for (let open = text.indexOf('`'); open !== -1;) {
    const close = text.indexOf('`', open + 1);
    if (close === -1) break;
    const inner = text.slice(open + 1, close);
    const role = open >= 5 ? text.slice(open - 5, open) : '';
    const titled = titledTarget(inner);
    let replaced: string | null = null;
    let from = open;
    let to = close + 1;
    if ((role === ':doc:' || role === ':ref:') && inner.trim() !== '') {
      from = open - 5;
      const title = titled ? titled.title : inner.trim();
      const target = titled ? titled.target : inner.trim();
      replaced = role === ':doc:' ? `[${title || target}](${docPath(target)})` : title || target;
    } else if (text[close + 1] === '_' && titled && !inner.startsWith('`')) {
      to = close + (text[close + 2] === '_' ? 3 : 2);
      replaced = `[${titled.title || titled.target}](${titled.target})`;
    }
    if (replaced === null) {
      open = close;
      continue;
    }
    out.push(text.slice(copied, from), replaced);
    copied = to;
    open = text.indexOf('`', to);
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** `Title <target>` read apart (the title may be empty), or null when the text does not end in `<target>`. */
function titledTarget(inner: string): { readonly title: string; readonly target: string } | null {
  if (!inner.endsWith('>')) return null;
  const lt = inner.lastIndexOf('<');
  const target = lt === -1 ? '' : inner.slice(lt + 1, -1).trim();
  return target === '' || target.includes('>') ? null : { title: inner.slice(0, lt).trim(), target };
}

/** The file a `:doc:` role names: Sphinx leaves the extension off. */
const docPath = (target: string) => (/\.[a-z]+$/i.test(target.trim()) ? target.trim() : `${target.trim()}.rst`);

/** A line of text a section title may be: not blank, not indented, not itself an adornment. */
const titleText = (line: string | undefined) =>
  line !== undefined && line.trim() !== '' && !/^[ \t]/.test(line) && !RST_ADORNMENT.test(line.trimEnd());

function rstLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  const styles: string[] = [];
  const levelOf = (style: string) => {
    if (!styles.includes(style)) styles.push(style);
    return styles.indexOf(style);
  };
  // Only a line at the margin can be a title or an adornment, so indented blocks (literal blocks,
  // directives' content) are never read as titles; their lines pass through as they are.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const adornment = RST_ADORNMENT.exec(line.trimEnd());
    const title = lines[i + 1];
    const under = lines[i + 2];
    // Over and under: `====` / `Title` / `====` (the title may be indented by its overline).
    // Docutils only warns of an adornment shorter than its title, and shows the title: so is it read here.
    if (adornment && titleText(title?.trimStart()) && under !== undefined && under.trimEnd() === line.trimEnd()) {
      out.push(`${hashes(levelOf(`over${adornment[1] as string}`))} ${rstInline((title as string).trim())}`);
      i += 2;
      continue;
    }
    const next = lines[i + 1];
    const underline = next === undefined ? null : RST_ADORNMENT.exec(next.trimEnd());
    if (titleText(line) && underline) {
      out.push(`${hashes(levelOf(`under${underline[1] as string}`))} ${rstInline(line.trim())}`);
      i += 1;
      continue;
    }
    // A hyperlink target or a comment on its own (`.. _adr-153:`): a label for the renderer, not prose.
    if (/^\.\.[ \t]+_[^:]*:[ \t]*$/.test(line.trimEnd())) continue;
    out.push(/^[ \t]/.test(line) ? line : (fieldLine(line.trimEnd(), rstInline) ?? rstInline(line)));
  }
  return out;
}
