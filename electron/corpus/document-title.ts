// A document's title from its body and its file name, for documents whose front matter names none.
import { visibleLines } from './adr-lines';
import { atxHeading, headingPlainText, NOT_HEADING_TEXT } from './markdown-line-scan';

// A Setext underline of a level-one heading: `===`, up to three spaces in, nothing else on the line.
const SETEXT_ONE = /^ {0,3}=+[ \t]*$/;

/**
 * The first level-one heading outside fenced code and HTML comments: an ATX `# Title` or a Setext
 * title underlined with `===`. A `# install deps` comment in a shell block above the real title is
 * not the title; null when there is no such heading.
 */
export function bodyTitle(body: string): string | null {
  const lines = visibleLines(body);
  const headings = lines.flatMap((line) => {
    const heading = atxHeading(line.text);
    return heading && heading.text.trim() !== '' ? [heading] : [];
  });
  const levelOnes = headings.filter((heading) => heading.level === 1);
  // Level one used for sections (an RFC's `# Summary`, `# Motivation`, …): its first is no title.
  if (levelOnes.length > 1 && SECTION_NAMES.has(headingPlainText(levelOnes[0]?.text ?? '').toLowerCase())) return null;
  for (let i = 0; i < lines.length; i += 1) {
    const text = (lines[i] as { text: string }).text;
    const heading = atxHeading(text);
    if (heading) {
      if (heading.level === 1 && heading.text.trim() !== '') return headingPlainText(heading.text);
      continue;
    }
    const next = lines[i + 1]?.text;
    const previous = i === 0 ? '' : (lines[i - 1] as { text: string }).text;
    if (next !== undefined && SETEXT_ONE.test(next) && !NOT_HEADING_TEXT.test(text) && previous.trim() === '')
      return headingPlainText(text);
  }
  return null;
}

// The names of a document's sections, which a level-one heading used for sections opens with.
const SECTION_NAMES = new Set(['summary', 'motivation', 'overview', 'introduction', 'abstract', 'background', 'context', 'goals']);

// File stems that name a folder's page rather than a page of their own (Hugo's `_index.md`, `README.md`).
const FOLDER_PAGE_STEMS = new Set(['index', '_index', 'readme']);

/** A title from the file's relative path: its name without the extension, or its folder's name for an index or README. */
export function fileTitle(relative: string, extension: string): string {
  // Composed (NFC), whatever form the disk gave the name in: a folder unzipped from macOS names it in decomposed jamo.
  const parts = relative.normalize('NFC').split(/[\\/]/);
  const name = parts.at(-1) as string;
  const stem = extension !== '' && name.toLowerCase().endsWith(`.${extension.toLowerCase()}`) ? name.slice(0, -extension.length - 1) : name;
  const folder = parts.at(-2);
  const titled = FOLDER_PAGE_STEMS.has(stem.toLowerCase()) && folder !== undefined ? folder : stem || name;
  return withSpacesForHyphens(withoutNotionId(titled));
}

/**
 * A name written with hyphens for spaces (a GitHub wiki's `My-Page-Name.md`, `getting-started.md`)
 * read with spaces: a single hyphen between a letter or digit and a letter becomes a space. One
 * before a digit stays (`ADR-0001`, `HTTP-2`, `2024-01-15`), and a name with spaces keeps its hyphens.
 */
function withSpacesForHyphens(title: string): string {
  if (title.includes(' ')) return title;
  let out = '';
  for (let i = 0; i < title.length; i += 1) {
    const char = title[i] as string;
    const joins = char === '-' && i > 0 && /[\p{L}\p{N}]/u.test(title[i - 1] as string) && /\p{L}/u.test(title[i + 1] ?? '');
    out += joins ? ' ' : char;
  }
  return out;
}

// A Notion export names each page `<title> <32 hexadecimal digits>` (`Incident review 8c14a3b7….md`).
const NOTION_ID = / [0-9a-f]{32}$/;

/** A file-name title without the id a Notion export appends to it; the name as it is when nothing else is left. */
function withoutNotionId(title: string): string {
  const trimmed = title.replace(NOTION_ID, '');
  return trimmed.trim() === '' ? title : trimmed;
}
