import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage, type DemoLoadMessageCode } from '../../shared/demo-load-messages';
import { utf16Encoding } from '../input-file';

/** A markdown file's bytes read as text, or the reason they are not text. */
export type FileContent =
  | { readonly kind: 'text'; readonly text: string; /** Invalid UTF-8 sequences replaced with U+FFFD. */ readonly replaced: number }
  | {
      readonly kind: 'binary';
      /** Why, in words a person can act on (English, worded from `why`). */
      readonly reason: string;
      /** Why, as a `demo_load` clause (`binary_*`), for the skipped file's message. */
      readonly why: CoreMessage;
    };

/** How much of the start of a file is examined for binary content. */
export const BINARY_SNIFF_BYTES = 8192;
/**
 * Above this share of invalid UTF-8 sequences among the sniffed characters (and at least
 * {@link MIN_INVALID_SEQUENCES} of them), a file is binary rather than text in another encoding:
 * Latin-1 prose has a few percent accented letters, random bytes about half.
 */
const MAX_INVALID_SHARE = 0.3;
const MIN_INVALID_SEQUENCES = 16;

const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; format: DemoLoadMessageCode }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], format: 'format_png' },
  { bytes: [0xff, 0xd8, 0xff], format: 'format_jpeg' },
  { bytes: [0x47, 0x49, 0x46, 0x38], format: 'format_gif' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], format: 'format_pdf' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], format: 'format_zip' },
  { bytes: [0x1f, 0x8b], format: 'format_gzip' },
  { bytes: [0x42, 0x5a, 0x68], format: 'format_bzip2' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], format: 'format_xz' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], format: 'format_zstd' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], format: 'format_7zip' },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], format: 'format_rar' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], format: 'format_elf' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], format: 'format_legacy_office' },
];

/** A binary verdict: the clause of why, and its English. */
const binary = (why: CoreMessage): FileContent => ({ kind: 'binary', reason: coreEnglish(why), why });

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);

/**
 * Reads a file's bytes as UTF-8 text unless they are binary: a known binary signature, a UTF-16
 * byte-order mark, a NUL byte in the first {@link BINARY_SNIFF_BYTES}, or mostly invalid UTF-8
 * there. Otherwise each invalid sequence becomes U+FFFD and is counted, so the caller
 * can warn; a UTF-8 byte-order mark is dropped, so a file saved with one reads like the same file
 * without (its first heading is a heading, its front matter front matter).
 */
export function decodeMarkdownBytes(bytes: Uint8Array): FileContent {
  const signature = SIGNATURES.find((s) => startsWith(bytes, s.bytes));
  if (signature) return binary(demoLoadMessage('binary_signature', { format: [demoLoadMessage(signature.format)] }));
  const utf16 = utf16Encoding(bytes);
  if (utf16) return binary(demoLoadMessage('binary_utf16', { encoding: [demoLoadMessage(utf16)] }));
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  const nul = sniff.indexOf(0);
  if (nul !== -1) {
    const unmarked = unmarkedUtf16(sniff);
    if (unmarked) return binary(demoLoadMessage('binary_utf16', { encoding: [demoLoadMessage(unmarked)] }));
    return binary(demoLoadMessage('binary_nul', { offset: nul }));
  }

  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const found = countReplacements(text);
  const replaced = found === 0 ? 0 : found - countEncodedReplacementCharacters(bytes);
  if (replaced > 0) {
    const sniffText = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(trimPartialSequence(sniff));
    const sniffReplaced = countReplacements(sniffText) - countEncodedReplacementCharacters(sniff);
    if (sniffReplaced >= MIN_INVALID_SEQUENCES && sniffReplaced / sniffText.length > MAX_INVALID_SHARE) {
      return binary(demoLoadMessage('binary_not_utf8', { count: sniffReplaced, bytes: sniff.length }));
    }
  }
  return { kind: 'text', text, replaced };
}

/** The fewest NUL bytes, all on one side of their pairs, that tell UTF-16 without a mark (`# A\0B` is no text of any kind). */
const MIN_UTF16_NULS = 4;

/**
 * UTF-16 saved without a byte-order mark, told by its NUL bytes: each the high (or low) half of an
 * ASCII character, so all on odd offsets (little-endian) or all on even ones (big-endian), in at least
 * one pair of eight and at least {@link MIN_UTF16_NULS}. Such a file was named only as holding "a NUL byte at offset 1". Null otherwise.
 */
function unmarkedUtf16(sniff: Uint8Array): DemoLoadMessageCode | null {
  const pairs = Math.floor(sniff.length / 2);
  let even = 0;
  let odd = 0;
  for (let at = 0; at < pairs * 2; at += 2) {
    const [low, high] = [sniff[at] === 0, sniff[at + 1] === 0];
    // A pair of two NULs is no character of text, nor is a NUL in the odd byte left at the end.
    if (low && high) return null;
    if (low) even += 1;
    else if (high) odd += 1;
  }
  if (sniff.length % 2 === 1 && sniff[sniff.length - 1] === 0 && even > 0) return null;
  if (even > 0 && odd > 0) return null;
  if (even + odd < MIN_UTF16_NULS || (even + odd) * 8 < pairs) return null;
  return odd > 0 ? 'encoding_utf16le_unmarked' : 'encoding_utf16be_unmarked';
}

function countReplacements(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', at + 1)) count += 1;
  return count;
}

/** U+FFFD written in the file itself (EF BF BD) is text, not a decoding failure. */
function countEncodedReplacementCharacters(bytes: Uint8Array): number {
  let count = 0;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = Buffer.from([0xef, 0xbf, 0xbd]);
  for (let at = buffer.indexOf(needle); at !== -1; at = buffer.indexOf(needle, at + 3)) count += 1;
  return count;
}

/** The sniffed bytes without a multi-byte sequence cut off at the end, which is not an error of the file. */
function trimPartialSequence(bytes: Uint8Array): Uint8Array {
  let start = bytes.length;
  // A UTF-8 sequence is at most 4 bytes: step back over up to 3 continuation bytes to its lead byte.
  while (start > 0 && bytes.length - start < 4 && ((bytes[start - 1] as number) & 0xc0) === 0x80) start -= 1;
  if (start === 0) return bytes;
  const lead = bytes[start - 1] as number;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return needed > bytes.length - (start - 1) ? bytes.subarray(0, start - 1) : bytes;
}
