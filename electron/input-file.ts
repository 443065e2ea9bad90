// Files a user names on the command line or in Settings (an audit suite, a golden set, a trace
// bundle, a principals file, a schema profile, the demo's claims and entities): read only when they
// are regular files of a sane size. `/dev/zero`, a FIFO or a folder was read until memory ran out.
import fs from 'node:fs';
import { codedError } from '../shared/coded-error';
import { demoLoadMessage, type DemoLoadMessageCode } from '../shared/demo-load-messages';
import { retrievalError } from '../shared/errors/retrieval-error-messages';
import { LensError } from '../shared/lens-error';
import { yamlTooDeepPlace } from './yaml-nesting';

// Why a named file could not be read or written, as clauses in the reader's language (in shared/, so every area may word them).
export { unreadableReason, unwritableReason } from '../shared/errors/file-problems';

/** The most an input file may hold: far above any suite, set, bundle or profile, far below memory. */
export const INPUT_FILE_MAX_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Opening never waits for a writer (a FIFO put in the file's place); a regular file reads as ever. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** How much is read at a time. */
const CHUNK_BYTES = 1024 * 1024;

function notAFile(file: string) {
  return codedError('invalid_input', retrievalError('input_not_a_file', { file }), { hint: retrievalError('input_not_a_file_hint') });
}

function tooLarge(file: string, size: number, maxBytes: number) {
  return codedError('invalid_input', retrievalError('input_too_large', { file, size_mb: megabytes(size), limit_mb: megabytes(maxBytes) }), {
    hint: retrievalError('input_too_large_hint'),
  });
}

// UTF-32's marks first: UTF-32 little-endian's (FF FE 00 00) begins with UTF-16 little-endian's, and was named as that.
const UTF16_BOMS: ReadonlyArray<{ bytes: readonly number[]; encoding: DemoLoadMessageCode }> = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: 'encoding_utf32le' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: 'encoding_utf32be' },
  { bytes: [0xff, 0xfe], encoding: 'encoding_utf16le' },
  { bytes: [0xfe, 0xff], encoding: 'encoding_utf16be' },
];

/** The UTF-16 or UTF-32 encoding whose byte-order mark `bytes` begin with (`encoding_utf16le`, `encoding_utf32be`…), or null. */
export function utf16Encoding(bytes: Uint8Array): DemoLoadMessageCode | null {
  return UTF16_BOMS.find(({ bytes: mark }) => mark.every((byte, index) => bytes[index] === byte))?.encoding ?? null;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The line (from 1) of the first bytes that are not valid UTF-8; a line feed is never inside a character, so each line is judged apart. */
function firstNonUtf8Line(bytes: Buffer): number {
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    try {
      STRICT_UTF8.decode(bytes.subarray(start, stop));
    } catch {
      return line;
    }
    if (end === -1) break;
    line += 1;
    start = end + 1;
  }
  return line;
}

/**
 * The text of a named file's bytes, read as UTF-8. A UTF-8 byte-order mark (Windows editors and
 * PowerShell write one) is dropped, as YAML drops it, since JSON.parse refuses it; UTF-16 text
 * (PowerShell 5's `Out-File`) is refused naming its encoding, and bytes that are not UTF-8 (a
 * golden set saved as Windows-1252: "José" was read as "Jos�" without a word) naming the line they are on,
 * rather than read as replacement characters.
 */
export function utf8Text(file: string, bytes: Buffer): string {
  const utf16 = utf16Encoding(bytes);
  if (utf16)
    throw codedError('invalid_input', retrievalError('input_utf16', { file, encoding: [demoLoadMessage(utf16)] }), {
      hint: retrievalError('input_utf16_hint'),
    });
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw codedError('invalid_input', retrievalError('input_not_utf8', { file, line: firstNonUtf8Line(bytes) }), {
      hint: retrievalError('input_not_utf8_hint'),
    });
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * The file's text (UTF-8, without a byte-order mark; UTF-16 is refused as `invalid_input`). A missing or unreadable file throws the system's error, as
 * `fs.readFileSync` does, for the caller to word; a path that is no regular file, or a file over
 * `maxBytes`, throws an `invalid_input` LensError that names it and the limit.
 *
 * The path is looked at once, so a device, FIFO or folder is refused without being opened; what is
 * read is then what one descriptor holds: its own fstat must be a regular file within the limit, and
 * at most `maxBytes + 1` bytes are read from it, so a file swapped or grown after the first look is
 * refused too, never read past the limit.
 */
export function readInputFile(file: string, maxBytes: number = INPUT_FILE_MAX_BYTES): string {
  if (!fs.statSync(file).isFile()) throw notAFile(file);
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    // A folder put in the file's place (Windows refuses to open one; Linux opens it and fstat says).
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw notAFile(file);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notAFile(file);
    if (stat.size > maxBytes) throw tooLarge(file, stat.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      // Grown since its fstat: refused by its size now (at least what was read).
      if (total > maxBytes) throw tooLarge(file, Math.max(total, fs.fstatSync(fd).size), maxBytes);
    }
    return utf8Text(file, Buffer.concat(chunks, total));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The text of a YAML (or JSON) file a user named, read as {@link readInputFile} reads it, and
 * measured before the YAML library builds it, which recurses once per level (thousands of levels
 * overflowed it): a system error is thrown as `notRead` makes it, maps and lists nested too deep as
 * `tooDeep` makes it of the line where they do.
 */
export function yamlInputText(file: string, notRead: (error: unknown) => LensError, tooDeep: (line: number) => LensError): string {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    if (error instanceof LensError) throw error;
    throw notRead(error);
  }
  const deep = yamlTooDeepPlace(text);
  if (deep !== null) throw tooDeep(deep.line);
  return text;
}
