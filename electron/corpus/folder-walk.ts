import fs from 'node:fs';
import path from 'node:path';
import type { CoreMessage, CoreParams } from '../../shared/core-message';
import { demoLoadMessage, type DemoLoadMessageCode } from '../../shared/demo-load-messages';
import type { LoadProblem, SkippedFile } from './corpus-model';
import { loadProblem, skippedFile } from './load-items';
import { markdownNames, type LoadDoor, type MarkdownNames } from './markdown-extensions';
import { adrPathFacts } from './adr-path';
import { unreadableReason } from '../input-file';
import { escapedUnwanted, unwantedCharacter, type UnwantedCharacter } from '../../shared/visible-text';

/** One markdown file to read: its path under the folder as the user sees it, and where its bytes really are. */
export interface MarkdownFileEntry {
  /** Path relative to the folder, with `/` separators. */
  readonly relative: string;
  /** The path under the folder as given (it may pass through symbolic links). */
  readonly logicalPath: string;
  /** The path with every symbolic link resolved; always inside the folder. */
  readonly realPath: string;
  /** The extension the file was read under (`md`, `markdown`, or one given with `--ext` such as `md.erb`). */
  readonly extension: string;
}

/** Folders of version control's own, left out without a word: nothing a team wrote as a document lives there. */
const VCS_FOLDERS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', '.bzr', '.jj']);
/** Folders of installed packages: their READMEs are the dependencies' documents, not the team's (a repository given whole). */
const DEPENDENCY_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'bower_components']);
/** How many entries of one hidden folder are looked through to count the markdown files it holds. */
const HIDDEN_FOLDER_LOOK_LIMIT = 2_000;

/** What walking a folder found. */
export interface FolderListing {
  readonly files: MarkdownFileEntry[];
  readonly skipped: SkippedFile[];
  /** Broken links and unreadable folders, named as failures like any unreadable file. */
  readonly unreadable: LoadProblem[];
}

interface Candidate extends MarkdownFileEntry {
  /** True when the path passes through a symbolic link. */
  readonly throughLink: boolean;
}

interface DirLink {
  readonly logicalPath: string;
  readonly relative: string;
  readonly realPath: string;
}

/**
 * A file of the folder that cannot be read, named as failed with why in words and what to do (the
 * system's error as a clause of its own, never its bare code such as ENOENT). `why` is the clause
 * when the caller knows better than the system's error (a link that leads nowhere).
 */
export function unreadableFile(relative: string, error: unknown, why: CoreMessage = unreadableReason(error)): LoadProblem {
  return loadProblem(relative, null, demoLoadMessage('fail_unreadable', { file: relative, reason: [why] }));
}

/** Why a link's path cannot be resolved: a link to nothing names where it points, anything else is the system's error in words. */
function unresolvedLinkReason(logicalPath: string, error: unknown): CoreMessage {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return unreadableReason(error);
  try {
    return demoLoadMessage('link_target_missing_part', { target: fs.readlinkSync(logicalPath) });
  } catch {
    // Not itself a link: one of the folders on its way was, or the entry went away while the folder was read.
    return unreadableReason(error);
  }
}

/**
 * Lists the markdown files under `root` (names ending in `.md` or `.markdown`, or an extension of
 * `names`; hidden entries left out), sorted by name within each folder. Markdown-like files that are
 * not read (`x.md.erb`, `x.mdx`) are named in `skipped`, as are hidden markdown files and hidden
 * folders that hold some (`.github/`, with how many), so none disappears without a word; version
 * control's folders (`.git`) are passed over unread.
 *
 * Symbolic links are followed only while they stay inside the folder: a link to a file or folder
 * outside is skipped and named, so `--docs` never reads beyond what was given. Links to folders
 * inside are followed once each (a link cycle ends at a folder already read), and a file reached
 * by several paths is read once, at its own path when one exists. A broken link is a failure
 * named like an unreadable file.
 */
export function listMarkdownFiles(root: string, names: MarkdownNames = markdownNames(), door: LoadDoor = 'command'): FolderListing {
  const realRoot = fs.realpathSync(root);
  const walker = new FolderWalker(realRoot, names, door, path.basename(path.resolve(root)));
  walker.walk(root, realRoot, '', false);
  for (let link = walker.pendingLinks.shift(); link; link = walker.pendingLinks.shift()) walker.followFolderLink(link);
  const files = walker.chooseOnePerFile();
  walker.nameHidden(new Set(files.map((file) => file.realPath)));
  return { files, skipped: walker.skipped, unreadable: walker.unreadable };
}

class FolderWalker {
  readonly candidates: Candidate[] = [];
  readonly skipped: SkippedFile[] = [];
  readonly unreadable: LoadProblem[] = [];
  readonly pendingLinks: DirLink[] = [];
  /** Hidden entries holding markdown, named once the links are followed (a link may read them after all). */
  private readonly hiddenFound: {
    relative: string;
    kind: 'hidden_file' | 'hidden_folder' | 'dependencies';
    markdown: string[];
    complete: boolean;
  }[] = [];
  private readonly visitedFolders: Set<string>;

  constructor(
    private readonly realRoot: string,
    private readonly names: MarkdownNames,
    /** Where the extensions were given (`--ext`, or the form's field): a skipped file names that. */
    private readonly door: LoadDoor,
    /** The loaded folder's own name, so a file at its top is in a folder of records when the folder is named like one. */
    private readonly rootFolder: string,
  ) {
    this.visitedFolders = new Set([realRoot]);
  }

  walk(logicalDir: string, realDir: string, relativeDir: string, throughLink: boolean): void {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(logicalDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch (error) {
      const file = relativeDir === '' ? '.' : `${relativeDir}/`;
      this.unreadable.push(loadProblem(file, null, demoLoadMessage('fail_folder_unreadable', { file, reason: [unreadableReason(error)] })));
      return;
    }
    for (const entry of entries) {
      const logicalPath = path.join(logicalDir, entry.name);
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.name.startsWith('.')) {
        this.hidden(entry, path.join(realDir, entry.name), relative);
        continue;
      }
      const unwanted = unwantedCharacter(entry.name, 'one_line');
      if (unwanted !== null) {
        this.unsafeName(entry, path.join(realDir, entry.name), relative, unwanted);
        continue;
      }
      if (entry.isDirectory() && DEPENDENCY_FOLDERS.has(entry.name)) {
        this.hiddenFound.push({ relative: `${relative}/`, kind: 'dependencies', ...this.markdownUnder(path.join(realDir, entry.name)) });
        continue;
      }
      const extension = this.names.readExtension(entry.name);
      if (entry.isSymbolicLink()) this.link(logicalPath, relative, extension);
      else if (entry.isDirectory()) {
        const realPath = path.join(realDir, entry.name);
        this.visitedFolders.add(realPath);
        this.walk(logicalPath, realPath, relative, throughLink);
      } else if (extension !== null && entry.isFile() && isNavigationFile(entry.name, path.join(realDir, entry.name)))
        this.skip(relative, 'navigation', 'skip_navigation');
      else if (extension !== null && entry.isFile())
        this.candidates.push({ relative, logicalPath, realPath: path.join(realDir, entry.name), throughLink, extension });
      else if (extension !== null) this.skip(relative, 'not_a_file', 'skip_not_a_file');
      else this.skipMarkdownLike(entry.name, relative, entry.isFile() ? logicalPath : null);
    }
  }

  /**
   * Names a markdown-like file that is not read, with the option (or the form's field) that would
   * read it: one whose extension was not given with `--ext`, and a regular file without any extension that opens like
   * markdown (a `# ` heading or front matter — `PM2025-001 - Node starvation`), so no document a
   * team wrote disappears without a word. Other files without an extension (`LICENSE`, `Makefile`)
   * are left out as before.
   */
  private skipMarkdownLike(name: string, relative: string, filePath: string | null): void {
    const like = this.names.markdownLikeExtension(name);
    if (like !== null)
      this.skip(relative, 'markdown_like', this.door === 'screen' ? 'skip_markdown_like_screen' : 'skip_markdown_like', {
        extension: like,
      });
    else if (filePath !== null && !name.includes('.') && opensLikeMarkdown(filePath))
      this.skip(relative, 'markdown_like', 'skip_no_extension');
    else if (filePath !== null && this.isPlainTextRecord(name, relative, filePath))
      this.skip(relative, 'markdown_like', this.door === 'screen' ? 'skip_plain_text_record_screen' : 'skip_plain_text_record');
  }

  /**
   * A `.txt` file a team keeps decision records in: in a folder of records (`docs/adr/0003-x.txt`; not
   * its README), or one whose header states a status (`Status: Final` over the text, as python/peps kept
   * its PEPs in `pep-0008.txt`). A `requirements.txt` or `notes.txt` elsewhere says nothing.
   */
  private isPlainTextRecord(name: string, relative: string, filePath: string): boolean {
    if (!name.toLowerCase().endsWith('.txt') || name.length <= 4) return false;
    const facts = adrPathFacts(relative, this.rootFolder);
    if (facts.inAdrFolder && !facts.notARecord) return true;
    return statesStatusInHeader(filePath);
  }

  /**
   * Notes a hidden entry that holds documents: a markdown file whose name starts with a dot, or a
   * hidden folder with markdown files in it (looking through at most `HIDDEN_FOLDER_LOOK_LIMIT`
   * entries). Links, other files and version control's folders say nothing.
   */
  private hidden(entry: fs.Dirent, realPath: string, relative: string): void {
    if (entry.isFile() && this.names.readExtension(entry.name) !== null)
      this.hiddenFound.push({ relative, kind: 'hidden_file', markdown: [realPath], complete: true });
    else if (entry.isDirectory() && !VCS_FOLDERS.has(entry.name))
      this.hiddenFound.push({ relative: `${relative}/`, kind: 'hidden_folder', ...this.markdownUnder(realPath) });
  }

  /** The markdown files under `dir` (links not followed), and whether every entry was looked through. */
  private markdownUnder(dir: string): { markdown: string[]; complete: boolean } {
    const markdown: string[] = [];
    let looked = 0;
    const pending = [dir];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(next, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        if (++looked > HIDDEN_FOLDER_LOOK_LIMIT) return { markdown, complete: false };
        const entryPath = path.join(next, entry.name);
        if (entry.isDirectory() && !VCS_FOLDERS.has(entry.name)) pending.push(entryPath);
        else if (entry.isFile() && this.names.readExtension(entry.name) !== null) markdown.push(entryPath);
      }
    }
    return { markdown, complete: true };
  }

  /** Names under Skipped each hidden entry and folder of installed packages with markdown files that no link led the load to read (`read`: real paths read). */
  nameHidden(read: ReadonlySet<string>): void {
    for (const found of this.hiddenFound) {
      const count = found.markdown.filter((file) => !read.has(file)).length;
      if (count === 0) continue;
      if (found.kind === 'hidden_file') this.skip(found.relative, 'hidden', 'skip_hidden_file');
      else if (found.kind === 'hidden_folder')
        this.skip(found.relative, 'hidden', found.complete ? 'skip_hidden_folder' : 'skip_hidden_folder_many', { count });
      else this.skip(found.relative, 'dependencies', found.complete ? 'skip_dependencies' : 'skip_dependencies_many', { count });
    }
  }

  private link(logicalPath: string, relative: string, extension: string | null): void {
    const isMarkdown = extension !== null;
    let realPath: string;
    let stat: fs.Stats;
    try {
      realPath = fs.realpathSync(logicalPath);
      stat = fs.statSync(realPath);
    } catch (error) {
      // A broken link or a link cycle: named as unreadable, as any file that cannot be read.
      if (isMarkdown) this.unreadable.push(unreadableFile(relative, error, unresolvedLinkReason(logicalPath, error)));
      return;
    }
    if (!isMarkdown && !stat.isDirectory()) {
      // A link to a file without an extension is sniffed only inside the folder; one outside is never opened.
      this.skipMarkdownLike(path.basename(logicalPath), relative, stat.isFile() && this.isInside(realPath) ? realPath : null);
      return;
    }
    if (!this.isInside(realPath)) {
      this.skip(relative, 'outside_folder', stat.isDirectory() ? 'skip_link_outside_folder' : 'skip_link_outside_file');
    } else if (stat.isDirectory()) {
      this.pendingLinks.push({ logicalPath, relative, realPath });
    } else if (!stat.isFile()) {
      this.skip(relative, 'not_a_file', 'skip_link_not_a_file');
    } else {
      this.candidates.push({ relative, logicalPath, realPath, throughLink: true, extension: extension as string });
    }
  }

  /**
   * Names, unread, a markdown file, link or folder holding markdown whose name holds a line break, a
   * control or a bidi character (`a\nb.md`, `bidi\u202Egnp.md`): loaded, such a name was its document's
   * file and source, shown on two lines or in another order wherever listed or cited (`gnp.md` read as
   * `dm.png`). The name is quoted with the character escaped. Other files say nothing, as before.
   */
  private unsafeName(entry: fs.Dirent, realPath: string, relative: string, unwanted: UnwantedCharacter): void {
    const file = escapedUnwanted(relative);
    const params = { char: unwanted.params.char, position: unwanted.params.position };
    if (entry.isDirectory()) {
      if (this.markdownUnder(realPath).markdown.length > 0) this.skip(`${file}/`, 'unsafe_name', 'skip_name_unsafe_folder', params);
    } else if (this.names.readExtension(entry.name) !== null) this.skip(file, 'unsafe_name', 'skip_name_unsafe', params);
  }

  /** Walks a linked folder inside the root unless it was read already (which also ends link cycles). */
  followFolderLink(link: DirLink): void {
    if (this.visitedFolders.has(link.realPath)) {
      this.skip(link.relative, 'duplicate', 'skip_link_folder_read');
      return;
    }
    this.visitedFolders.add(link.realPath);
    this.walk(link.logicalPath, link.realPath, link.relative, true);
  }

  /** One entry per real file: the one at its own path when there is one, else the first found. */
  chooseOnePerFile(): MarkdownFileEntry[] {
    const chosen = new Map<string, Candidate>();
    for (const candidate of this.candidates) {
      const current = chosen.get(candidate.realPath);
      if (!current || (current.throughLink && !candidate.throughLink)) chosen.set(candidate.realPath, candidate);
    }
    const out: MarkdownFileEntry[] = [];
    for (const candidate of this.candidates) {
      const kept = chosen.get(candidate.realPath) as Candidate;
      if (kept === candidate)
        out.push({
          relative: candidate.relative,
          logicalPath: candidate.logicalPath,
          realPath: candidate.realPath,
          extension: candidate.extension,
        });
      else this.skip(candidate.relative, 'duplicate', 'skip_same_file', { kept: kept.relative });
    }
    return out;
  }

  private isInside(realPath: string): boolean {
    const relative = path.relative(this.realRoot, realPath);
    return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
  }

  private skip(file: string, reason: SkippedFile['reason'], code: DemoLoadMessageCode, params: CoreParams = {}): void {
    this.skipped.push(skippedFile(file, reason, demoLoadMessage(code, { file, ...params })));
  }
}

/** How much of a file without an extension is read to tell whether it opens like markdown. */
const SNIFF_BYTES = 64;

/** The first `bytes` bytes of a file (fewer when it is shorter), read through one descriptor; nothing more is read. */
function headOf(filePath: string, bytes: number): Buffer {
  // Non-blocking: a FIFO put where the listing saw a file fails at once rather than waiting for a writer.
  const handle = fs.openSync(filePath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const head = Buffer.alloc(bytes);
    let read = 0;
    for (let got = -1; got !== 0 && read < bytes; read += got) got = fs.readSync(handle, head, read, bytes - read, read);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(handle);
  }
}

/** True when the file starts with a `# ` heading, `---` or `+++` front matter (after a byte-order mark). */
function opensLikeMarkdown(filePath: string): boolean {
  try {
    const text = headOf(filePath, SNIFF_BYTES)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /^(?:#{1,6} \S|---\r?\n|\+\+\+\r?\n)/.test(text);
  } catch {
    return false;
  }
}

// How much of a `.txt` file is read to find a record's header, and how far down it: a PEP's is its first lines.
const HEADER_BYTES = 4096;
const HEADER_LINES = 20;
const STATUS_HEADER_LINE = /^(?:[-*]\s+)?(?:\*\*)?status(?:\*\*)?\s*:(?:\*\*)?\s*\S/i;

/** True when a `Status:` line stands in the file's first block of lines (up to its first blank line), as a record's header. */
function statesStatusInHeader(filePath: string): boolean {
  try {
    const lines = headOf(filePath, HEADER_BYTES)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .split(/\r?\n/)
      .slice(0, HEADER_LINES);
    const blank = lines.findIndex((line) => line.trim() === '');
    return (blank === -1 ? lines : lines.slice(0, blank)).some((line) => STATUS_HEADER_LINE.test(line));
  } catch {
    return false;
  }
}

// GitHub wiki page furniture: every page shows them; they hold links, not content.
const WIKI_NAVIGATION = new Set(['_sidebar.md', '_footer.md', '_header.md']);
// A table of contents line: a list item holding a link (`* [Intro](README.md)`), or a heading or nothing.
const CONTENTS_LINE = /^\s*(?:[-*+]\s+\[[^\]\n]*\]\([^()\s]*\)\s*|#{1,6}\s.*|)$/;
// GitBook's SUMMARY.md is only read this far (its head, never the whole file) to tell its table of contents from a real summary.
const CONTENTS_BYTES = 64 * 1024;

/**
 * A wiki's `_Sidebar.md` / `_Footer.md`, or a GitBook `SUMMARY.md` that is only a table of contents
 * (every line a heading, a linked list item or blank): loaded, each became a document of link lists
 * titled after its first section ("Initial Setup"). A `SUMMARY.md` with prose is a document.
 */
function isNavigationFile(name: string, filePath: string): boolean {
  const lower = name.toLowerCase();
  if (WIKI_NAVIGATION.has(lower)) return true;
  if (lower !== 'summary.md') return false;
  try {
    const head = headOf(filePath, CONTENTS_BYTES);
    const lines = head.toString('utf8').split(/\r?\n/);
    // A head that filled the read stops inside its last line (perhaps inside a character): that line is not judged.
    if (head.length === CONTENTS_BYTES && lines.length > 1) lines.pop();
    return lines.some((line) => /\]\(/.test(line)) && lines.every((line) => CONTENTS_LINE.test(line));
  } catch {
    return false;
  }
}
