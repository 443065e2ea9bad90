// Which compressed copy of a renderer file browser mode sends. The build writes a brotli (`.br`) and
// a gzip (`.gz`) copy beside each compressible file (scripts/precompress-plugin.ts); the host picks
// one by the request's Accept-Encoding and never compresses on a request.

/** The content codings the build writes, in the host's order of preference (brotli is smaller). */
export const CODINGS = ['br', 'gzip'] as const;

/** A content coding of a precompressed copy. */
export type Coding = (typeof CODINGS)[number];

/** The file name suffix of each coding's copy. */
export const CODING_SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/**
 * The file types worth compressing: text. Images, fonts (woff2 is brotli inside) and archives are
 * compressed already, so they are sent as they are.
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.css', '.json', '.svg', '.map', '.txt']);

/** Whether a coding's suffix ends this path (a copy, which is never served under its own name). */
export function isCompressedCopy(file: string): boolean {
  return CODINGS.some((coding) => file.endsWith(CODING_SUFFIX[coding]));
}

/** The weight (RFC 9110 §12.4.2) of one Accept-Encoding entry's parameters; 1 when no valid q is given. */
function weightOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() === 'q') {
      const weight = Number(value);
      return Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0;
    }
  }
  return 1;
}

/**
 * The codings a request accepts, best first: by the client's weight, then by the host's preference.
 * An explicit `q=0` refuses a coding, `*` stands for every coding not named, and no header (or an
 * empty one) accepts none, so the file goes out as it is.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [token, ...parameters] = entry.split(';');
    const name = token?.trim().toLowerCase();
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, weightOf(parameters));
  }
  const wildcard = weights.get('*') ?? 0;
  return CODINGS.map((coding, preference) => ({ coding, preference, weight: weights.get(coding) ?? wildcard }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.preference - b.preference)
    .map((entry) => entry.coding);
}
