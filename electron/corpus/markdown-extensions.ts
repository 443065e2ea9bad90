// Which files of a folder the loader reads as markdown: `.md` and `.markdown`, plus the extensions
// given with `--ext` (`md.erb`, `mdx`). Other markdown-like files (`x.md.erb`, `x.mdx`, `x.qmd`) are
// not read but named as skipped, so nothing a team wrote disappears without a word.
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';

/**
 * Where the reader gave the load's options, so a sentence names them as they were given: on the
 * command line (`--docs`, `--acl`, `--ext`), or in the fields of the Connect screen's "Load a folder
 * of your own" form (the `demo.load` operation of the app's doors).
 */
export type LoadDoor = 'command' | 'screen';

/** The template engine whose tags a file's last extension says it holds. */
export type TemplateSyntax = 'erb' | 'jinja' | 'mustache';

/** Decides, by file name, whether a file is read, skipped as markdown-like, or ignored. */
export interface MarkdownNames {
  /** The extension (without the leading dot, lower case) under which `name` is read, or null. */
  readExtension(name: string): string | null;
  /** The markdown-like extension of a file that is not read (`.md.erb`, `.mdx`), or null. */
  markdownLikeExtension(name: string): string | null;
}

const DEFAULT_EXTENSIONS = ['md', 'markdown'];
// Markdown under another name, or markdown run through a template (`x.md.erb`, `x.markdown.liquid`);
// also the other light markups decision records are kept in (AsciiDoc, reStructuredText), so a
// folder of them is named rather than passed over in silence.
const MARKDOWN_LIKE_FINAL = ['mdx', 'mdown', 'mkd', 'mkdn', 'mdwn', 'mdtxt', 'mdtext', 'markdn', 'rmd', 'qmd', 'adoc', 'asciidoc', 'rst'];
const MARKDOWN_INNER = ['md', 'markdown'];
const TEMPLATE_EXTENSIONS: ReadonlyMap<string, TemplateSyntax> = new Map([
  ['erb', 'erb'],
  ['ejs', 'erb'],
  ['j2', 'jinja'],
  ['jinja', 'jinja'],
  ['jinja2', 'jinja'],
  ['njk', 'jinja'],
  ['liquid', 'jinja'],
  ['twig', 'jinja'],
  ['hbs', 'mustache'],
  ['handlebars', 'mustache'],
  ['mustache', 'mustache'],
]);

/**
 * Reads `--ext` values (or the form's extensions): `md.erb`, `.mdx`, `MDX` (case and a leading dot
 * do not matter), each a dot-separated run of letters, digits, `_` and `-`.
 *
 * @throws LensError `invalid_input` naming the value that is not an extension, and where it was given (`door`)
 */
export function normaliseExtensions(values: readonly string[], door: LoadDoor = 'command'): string[] {
  const out: string[] = [];
  for (const raw of values.flatMap((v) => v.split(','))) {
    const ext = raw.trim().toLowerCase().replace(/^\.+/, '');
    if (ext === '') continue;
    const parts = ext.split('.');
    if (parts.some((part) => part === '' || !/^[a-z0-9_-]+$/.test(part))) {
      const screen = door === 'screen';
      throw codedError('invalid_input', retrievalError(screen ? 'not_an_extension_screen' : 'not_an_extension', { ext: raw.trim() }), {
        hint: retrievalError(screen ? 'not_an_extension_screen_hint' : 'not_an_extension_hint'),
      });
    }
    if (!out.includes(ext)) out.push(ext);
  }
  return out;
}

/** The names a folder read uses: the default extensions plus `extra` (already normalised), longest first. */
export function markdownNames(extra: readonly string[] = []): MarkdownNames {
  const extensions = [...new Set([...DEFAULT_EXTENSIONS, ...extra])].sort((a, b) => b.length - a.length);
  return {
    readExtension(name) {
      const lower = name.toLowerCase();
      return extensions.find((ext) => lower.endsWith(`.${ext}`) && lower.length > ext.length + 1) ?? null;
    },
    markdownLikeExtension(name) {
      if (this.readExtension(name) !== null) return null;
      const parts = name.toLowerCase().split('.');
      if (parts.length < 2) return null;
      const last = parts.at(-1) as string;
      if (MARKDOWN_LIKE_FINAL.includes(last)) return last;
      const inner = parts.slice(1, -1).findIndex((part) => MARKDOWN_INNER.includes(part));
      return inner === -1 ? null : parts.slice(inner + 1).join('.');
    },
  };
}

/** The template syntax a read extension implies (`md.erb` → erb), or null for plain markdown. */
export function templateSyntaxOf(extension: string): TemplateSyntax | null {
  return TEMPLATE_EXTENSIONS.get(extension.split('.').at(-1) ?? '') ?? null;
}
