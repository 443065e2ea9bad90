// The files of the built renderer as browser mode serves them: which file a path names, which copy
// of it goes out (a precompressed one where the browser takes it), and how long a browser keeps it.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { acceptedCodings, CODING_SUFFIX, COMPRESSIBLE_EXTENSIONS, isCompressedCopy, type Coding } from './content-encoding';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A file whose name carries its content hash never changes under that name, so a browser keeps it a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Any other file (index.html, which names the current hashed files) is asked for again on every load; an unchanged one costs a 304. */
export const REVALIDATE = 'no-cache';

/**
 * Vite's output names: `assets/<name>-<8-character hash>.<ext>` (vite.config.ts sets them). Only a
 * name of that shape under assets/ counts as hashed.
 */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** What a GET or HEAD of a renderer file answers. */
export interface RendererFileAnswer {
  readonly status: 200 | 304;
  /** Empty for a 304. */
  readonly body: Buffer;
  readonly headers: http.OutgoingHttpHeaders;
}

/**
 * The file of the renderer folder `root` that a request path names, or null: nothing outside the
 * folder, no folder, and no precompressed copy under its own name.
 */
export function rendererFileOf(root: string, requestPath: string): string | null {
  const relative = requestPath === '/' ? 'index.html' : requestPath.replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep) || isCompressedCopy(file)) return null;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    // A path through a file (`/index.html/x`) or with a name too long names no file either: a 404, not a failure of the host.
    if (NAMES_NO_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
  return stat?.isFile() ? file : null;
}

/** The system's errors for a path that cannot name a file, besides ENOENT. */
const NAMES_NO_FILE: ReadonlySet<string> = new Set(['ENOTDIR', 'ENAMETOOLONG']);

/** The copy of `file` to send: the first accepted coding whose copy the build wrote, else the file itself. */
function chooseCopy(file: string, acceptEncoding: string | undefined): { path: string; coding: Coding | null; stat: fs.Stats } {
  if (COMPRESSIBLE_EXTENSIONS.has(path.extname(file))) {
    for (const coding of acceptedCodings(acceptEncoding)) {
      const copy = file + CODING_SUFFIX[coding];
      const stat = fs.statSync(copy, { throwIfNoEntry: false });
      if (stat?.isFile()) return { path: copy, coding, stat };
    }
  }
  return { path: file, coding: null, stat: fs.statSync(file) };
}

/** A validator of the copy sent: its size and modification time (as nginx does) and its coding, so each copy has its own. */
function entityTag(copy: { coding: Coding | null; stat: fs.Stats }): string {
  return `"${copy.stat.size.toString(16)}-${Math.trunc(copy.stat.mtimeMs).toString(16)}${copy.coding ? `-${copy.coding}` : ''}"`;
}

/** Whether an If-None-Match header names `tag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag;
  });
}

/**
 * The answer for `file` (from `rendererFileOf`) to a request with these headers: the precompressed
 * copy the browser accepts best, its validator and caching, or a 304 when the browser's copy is current.
 */
export function answerRendererFile(root: string, file: string, headers: http.IncomingHttpHeaders): RendererFileAnswer {
  const copy = chooseCopy(file, headers['accept-encoding']);
  const tag = entityTag(copy);
  const answerHeaders: http.OutgoingHttpHeaders = {
    'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': HASHED_ASSET.test(path.relative(root, file).split(path.sep).join('/')) ? IMMUTABLE : REVALIDATE,
    ETag: tag,
    ...(COMPRESSIBLE_EXTENSIONS.has(path.extname(file)) ? { Vary: 'Accept-Encoding' } : {}),
    ...(copy.coding ? { 'Content-Encoding': copy.coding } : {}),
  };
  if (matchesTag(headers['if-none-match'], tag)) return { status: 304, body: Buffer.alloc(0), headers: answerHeaders };
  return { status: 200, body: fs.readFileSync(copy.path), headers: answerHeaders };
}
