import { isLineTerminator } from './char-class';

/** A compiled ACL-mapping glob; `test` has RegExp's signature so it reads like the pattern it replaced. */
export interface GlobMatcher {
  /** The glob as written. */
  readonly source: string;
  /** True when the whole relative path matches the glob. */
  test(relativePath: string): boolean;
}

type Token = { kind: 'literal'; code: number } | { kind: 'one' } | { kind: 'segment' } | { kind: 'any' };

/**
 * Compiles a glob of the ACL mapping file: `*` matches within a folder, `**` across folders (a
 * `**` followed by `/` takes the slash with it), `?` one character other than `/`; every other
 * character stands for itself.
 *
 * A glob used to become a regular expression, whose `.*` runs backtrack polynomially in the number
 * of stars; this matcher walks the path once per glob token (time ∝ glob length × path length)
 * with the same meaning as that expression, `.` included: `**` does not cross a line break.
 *
 * Glob and path are compared in Unicode's composed form (NFC): a folder unzipped from a macOS
 * archive names `인사` in decomposed jamo (NFD), which reads the same as the `인사/**` a mapping
 * was typed with; compared as written, the pattern matched nothing and the HR files took the
 * defaults (public, where the defaults said so).
 */
export function compileGlob(glob: string): GlobMatcher {
  const tokens = tokenize(glob.normalize('NFC'));
  return { source: glob, test: (relativePath) => matches(tokens, relativePath.normalize('NFC')) };
}

function tokenize(glob: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      tokens.push({ kind: 'any' });
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') tokens.push({ kind: 'segment' });
    else if (ch === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'literal', code: glob.charCodeAt(i) });
  }
  return tokens;
}

const SLASH = 0x2f;

/** The set of path prefixes each token sequence can match, advanced token by token. */
function matches(tokens: readonly Token[], path: string): boolean {
  let reachable = new Uint8Array(path.length + 1);
  reachable[0] = 1;
  for (const token of tokens) {
    const next = new Uint8Array(path.length + 1);
    for (let j = 0; j <= path.length; j += 1) {
      const code = path.charCodeAt(j - 1);
      if (token.kind === 'segment' || token.kind === 'any') {
        const extends_ = j > 0 && next[j - 1] === 1 && (token.kind === 'any' ? !isLineTerminator(code) : code !== SLASH);
        next[j] = reachable[j] === 1 || extends_ ? 1 : 0;
      } else if (j > 0 && reachable[j - 1] === 1) {
        next[j] = (token.kind === 'literal' ? code === token.code : code !== SLASH) ? 1 : 0;
      }
    }
    reachable = next;
  }
  return reachable[path.length] === 1;
}
