// Precompression of the built renderer for browser mode: a brotli and a gzip copy beside each
// compressible file, once per build, so the host never compresses on a request
// (electron/web/renderer-files.ts picks the copy). The desktop app reads the files as they are.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { CODING_SUFFIX, COMPRESSIBLE_EXTENSIONS, type Coding } from '../electron/web/content-encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses `data` with `coding`: gzip at its strongest, brotli at quality 10, within 2 % of 11's
 * size in a third of its time (11 took 4.5 s for the 600 kB cytoscape chunk here).
 */
export function compress(data: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir`; a copy that would not be
 * smaller is not written, so the host sends the file itself. Returns the copies written.
 */
export async function precompressFolder(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE_EXTENSIONS.has(path.extname(file)));
  const written = await Promise.all(
    files.flatMap((file) =>
      (Object.keys(CODING_SUFFIX) as Coding[]).map(async (coding) => {
        const data = await fs.readFile(file);
        const packed = await compress(data, coding);
        if (packed.length >= data.length) return null;
        const copy = file + CODING_SUFFIX[coding];
        await fs.writeFile(copy, packed);
        return copy;
      }),
    ),
  );
  return written.filter((copy): copy is string => copy !== null);
}

/** The Vite plugin: precompresses the output folder after a production build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'lens-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
