import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LensError } from '../../shared/lens-error';
import { parseAdr, type AdrFacts } from './adr-record';
import { resolveSupersessions, type AdrRecord } from './adr-supersession';
import { isCorpusInputError } from './corpus-input-error';
import { DocumentAcl, DocumentMeta, type LoadedDocument, type LoadedSupersession, type LoadProblem } from './corpus-model';
import { isJsWhitespace } from './char-class';
import { parseFrontMatter } from './front-matter';
import { compileGlob, type GlobMatcher } from './glob-match';
import { chunkMarkdown } from './markdown-chunker';
import { firstLevelOneHeading } from './markdown-line-scan';

/** An ACL mapping file: defaults for every document, then overrides by file glob (relative path). */
export const AclMapping = z
  .object({
    defaults: DocumentAcl.partial().default({}),
    files: z.record(z.string(), DocumentAcl.partial()).default({}),
  })
  .strict();
export type AclMapping = z.infer<typeof AclMapping>;

/** The ACL a document gets when neither its front matter nor a mapping says anything. */
export const FALLBACK_ACL = { workspace_id: 'default', visibility: 'public' } as const;

/** What one folder read produced. */
export interface MarkdownFolder {
  readonly documents: LoadedDocument[];
  readonly supersessions: LoadedSupersession[];
  readonly failed: LoadProblem[];
  readonly warnings: string[];
  /** Each document's body, for locating evidence quotes. */
  readonly bodies: ReadonlyMap<string, string>;
}

const ACL_KEYS = ['workspace_id', 'visibility', 'owner_id', 'allowed_groups', 'acl_partition'] as const;

/**
 * Compiles a mapping glob: `*` matches within a folder, `**` across folders, `?` one character.
 * Kept under its old name; the result is a linear-time matcher with RegExp's `test`, not a RegExp.
 */
export function globToRegExp(glob: string): GlobMatcher {
  return compileGlob(glob);
}

/** Reads and validates an ACL mapping file (YAML or JSON); problems name the file and what to fix. */
export function readAclMapping(file: string): AclMapping {
  let raw: unknown;
  try {
    raw = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LensError('invalid_input', `${file}: the ACL mapping is not readable YAML or JSON (${(error as Error).message.split('\n')[0]}).`, { hint: 'Fix the file, or leave out --acl to use front matter only.', cause: error });
  }
  const parsed = AclMapping.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LensError('invalid_input', `${file}: ${issue?.path.join('.') || 'the mapping'} ${issue?.message ?? 'is invalid'}.`, {
      hint: `Write { defaults: {...}, files: { "<glob>": {...} } } with the fields ${ACL_KEYS.join(', ')}.`,
    });
  }
  return parsed.data;
}

function listMarkdown(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      // Links count as files: a broken one is then reported as unreadable instead of vanishing.
      else if ((entry.isFile() || entry.isSymbolicLink()) && /\.(md|markdown)$/i.test(entry.name)) out.push(full);
    }
  };
  walk(dir);
  return out;
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

/** A document id from the relative path: separators become `--`, other odd characters `-`. */
function slugFromPath(relative: string): string {
  const slug = relative
    .replace(/\.(md|markdown)$/i, '')
    .split(/[\\/]/)
    .join('--')
    .replace(/[^A-Za-z0-9._:-]+/g, '-');
  let start = 0;
  let end = slug.length;
  while (start < end && slug[start] === '-') start += 1;
  while (end > start && slug[end - 1] === '-') end -= 1;
  return slug.slice(start, end) || 'document';
}

/**
 * Reads every markdown file under `dir` into documents with chunks, ACL and ADR facts, and resolves
 * ADR supersessions across the folder. A file that cannot be read is listed in `failed` with its
 * line; the rest still load.
 */
export function readMarkdownFolder(dir: string, options: { aclFile?: string; acl?: AclMapping } = {}): MarkdownFolder {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new LensError('invalid_input', `${dir} is not a folder.`, { hint: 'Give --docs a folder of markdown files.' });
  }
  const mapping = options.acl ?? (options.aclFile ? readAclMapping(options.aclFile) : { defaults: {}, files: {} });
  const matchers = Object.entries(mapping.files).map(([glob, acl]) => ({ pattern: compileGlob(glob), acl }));
  const documents: LoadedDocument[] = [];
  const failed: LoadProblem[] = [];
  const warnings: string[] = [];
  const bodies = new Map<string, string>();
  const adrRecords: AdrRecord[] = [];
  const seenIds = new Map<string, string>();
  let fallbackAclCount = 0;

  for (const file of listMarkdown(dir)) {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      failed.push({ file: relative, line: null, message: `${relative}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).` });
      continue;
    }
    let frontMatter: ReturnType<typeof parseFrontMatter>;
    try {
      frontMatter = parseFrontMatter(text, relative);
    } catch (error) {
      if (!isCorpusInputError(error)) throw error;
      failed.push({ file: relative, line: error.line, message: error.message });
      continue;
    }
    const data = frontMatter.data;
    const meta = DocumentMeta.safeParse(data);
    if (!meta.success) {
      const issue = meta.error.issues[0];
      const key = String(issue?.path[0] ?? '');
      const line = frontMatterLine(text, key);
      failed.push({ file: relative, line, message: `${relative}${line ? ` line ${line}` : ''}: front matter ${key} ${issue?.message ?? 'is invalid'}.` });
      continue;
    }

    const fromFrontMatter = Object.fromEntries(ACL_KEYS.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
    const fromMapping = Object.assign({}, ...matchers.filter((m) => m.pattern.test(relative)).map((m) => m.acl));
    const merged = { ...mapping.defaults, ...fromMapping, ...fromFrontMatter };
    const hasAcl = Object.keys(merged).length > 0;
    if (!hasAcl) fallbackAclCount += 1;
    const acl = DocumentAcl.safeParse(hasAcl ? { ...FALLBACK_ACL, ...merged } : FALLBACK_ACL);
    if (!acl.success) {
      const issue = acl.error.issues[0];
      const key = String(issue?.path[0] ?? '');
      const line = key in fromFrontMatter ? frontMatterLine(text, key) : null;
      failed.push({ file: relative, line, message: `${relative}${line ? ` line ${line}` : ''}: ACL field ${key} ${issue?.message ?? 'is invalid'} (visibility is public, restricted or private).` });
      continue;
    }

    const documentId = meta.data.document_id ?? slugFromPath(relative);
    const duplicate = seenIds.get(documentId);
    if (duplicate) {
      failed.push({ file: relative, line: frontMatterLine(text, 'document_id'), message: `${relative}: document_id ${documentId} is already used by ${duplicate}; give each document its own id.` });
      continue;
    }
    seenIds.set(documentId, relative);

    const facts: AdrFacts | null = parseAdr({ fileName: relative, body: frontMatter.body, frontMatter: data });
    if (facts) adrRecords.push({ document_id: documentId, fileName: relative, facts });
    const chunks = chunkMarkdown(frontMatter.body).map((chunk) => ({
      chunk_id: `${documentId}#${chunk.position}`,
      position: chunk.position,
      text: chunk.text,
      start_char: chunk.start_char,
      end_char: chunk.end_char,
      heading_path: chunk.heading_path,
      acl_partition: acl.data.acl_partition,
    }));
    if (chunks.length === 0) warnings.push(`${relative}: has no text to chunk; loaded without chunks.`);
    bodies.set(documentId, frontMatter.body);
    documents.push({
      document_id: documentId,
      file: relative,
      title: meta.data.title ?? (facts?.title ? `${facts.adr_id}: ${facts.title}` : null) ?? firstLevelOneHeading(frontMatter.body) ?? path.basename(relative),
      doc_type: meta.data.doc_type ?? (facts ? 'adr' : 'document'),
      language: meta.data.language ?? null,
      acl: acl.data,
      source_uri: meta.data.source_uri ?? `file://${path.resolve(file)}`,
      source_version: meta.data.source_version ?? null,
      created_at: meta.data.created_at ?? null,
      updated_at: meta.data.updated_at ?? null,
      valid_from: meta.data.valid_from ?? null,
      valid_to: meta.data.valid_to ?? null,
      adr: facts ? { adr_id: facts.adr_id, status: facts.status, status_raw: facts.status_raw, status_source: facts.status_source, decided_at: facts.decided_at } : null,
      chunks,
    });
  }

  const { edges, problems } = resolveSupersessions(adrRecords);
  for (const problem of problems) warnings.push(problem.message);
  if (fallbackAclCount > 0) {
    warnings.push(`${fallbackAclCount} documents had no ACL in front matter or a mapping file; they were loaded as public in workspace "${FALLBACK_ACL.workspace_id}".`);
  }
  return {
    documents,
    supersessions: edges.map((edge) => ({ ...edge, stated_in: [...edge.stated_in] })),
    failed,
    warnings,
    bodies,
  };
}
