/**
 * Sizes as every door measures a text a user picks (a golden set, a trace bundle): bytes of UTF-8,
 * the size a file picker and the file system give, said in KB rounded up so a text one byte over a
 * cap never reads as the cap itself.
 */

/** Kilobytes, rounded up. */
export const kilobytes = (bytes: number): number => Math.ceil(bytes / 1024);

/**
 * The UTF-8 size of `text` in bytes, counted without encoding it (this runs in the renderer too, where
 * there is no Buffer): 1 byte below U+0080, 2 below U+0800, 4 for a surrogate pair, 3 for the rest
 * (a lone surrogate too, which is written as U+FFFD).
 */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
