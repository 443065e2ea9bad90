/** One lexical token of a Cypher text, enough to judge what a statement does. */
export interface CypherToken {
  readonly type: 'word' | 'string' | 'quoted_name' | 'number' | 'parameter' | 'symbol';
  /** The token as written (strings and quoted names without their quotes). */
  readonly text: string;
  /** Offset in the source text. */
  readonly offset: number;
}

/** Why a text could not be tokenised (an unterminated string or comment). */
export interface CypherLexError {
  readonly error: string;
  readonly offset: number;
}

const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}_$]/u;

/**
 * Splits Cypher into tokens, dropping comments and keeping string contents apart from code,
 * so a keyword inside a string or comment is never mistaken for a clause (and never hidden by one).
 */
export function tokenizeCypher(source: string): CypherToken[] | CypherLexError {
  const tokens: CypherToken[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end + 1;
      continue;
    }
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end === -1) return { error: 'a /* comment is not closed', offset: i };
      i = end + 2;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== ch) {
        if (source[j] === '\\' && j + 1 < source.length) {
          text += source[j + 1];
          j += 2;
        } else {
          text += source[j];
          j += 1;
        }
      }
      if (j >= source.length) return { error: 'a string is not closed', offset: i };
      tokens.push({ type: 'string', text, offset: i });
      i = j + 1;
      continue;
    }
    if (ch === '`') {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= source.length) return { error: 'a `quoted name` is not closed', offset: i };
        if (source[j] === '`') {
          if (source[j + 1] === '`') {
            text += '`';
            j += 2;
            continue;
          }
          break;
        }
        text += source[j];
        j += 1;
      }
      tokens.push({ type: 'quoted_name', text, offset: i });
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      let j = i + 1;
      while (j < source.length && WORD_PART.test(source[j] as string)) j += 1;
      tokens.push({ type: 'parameter', text: source.slice(i + 1, j), offset: i });
      i = j;
      continue;
    }
    if (/[0-9]/.test(ch)) {
      let j = i + 1;
      while (j < source.length && /[0-9a-zA-Z_.]/.test(source[j] as string)) {
        if (source[j] === '.' && source[j + 1] === '.') break;
        j += 1;
      }
      tokens.push({ type: 'number', text: source.slice(i, j), offset: i });
      i = j;
      continue;
    }
    if (WORD_START.test(ch)) {
      let j = i + 1;
      while (j < source.length && WORD_PART.test(source[j] as string)) j += 1;
      tokens.push({ type: 'word', text: source.slice(i, j), offset: i });
      i = j;
      continue;
    }
    tokens.push({ type: 'symbol', text: ch, offset: i });
    i += 1;
  }
  return tokens;
}
