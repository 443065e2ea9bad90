import { describe, expect, it } from 'vitest';
import { guardMessage } from '../../../shared/cypher/guard-messages';
import { isCypherSpace, tokenizeCypher, type CypherToken } from '../../../shared/cypher/cypher-tokens';
import { NEO4J_SPACES } from '../../support/cypher-spaces';

// The lexer's cases the guard's tests do not reach: the whitespace table code by code, the ASCII fast
// path for names against the Unicode classes it stands in for, and the edges of strings, comments,
// numbers and symbols outside the Basic Multilingual Plane.

function tokensOf(source: string): CypherToken[] {
  const tokens = tokenizeCypher(source);
  if (!Array.isArray(tokens)) throw new Error(`expected tokens, got a lex error: ${tokens.error}`);
  return tokens;
}

const typesAndTexts = (source: string) => tokensOf(source).map((token) => [token.type, token.text]);

// Java's identifier rules, which Neo4j's lexer follows, written from the grammar (LETTER / PART_LETTER)
// rather than from the lexer's fast path.
const JAVA_NAME_START = /[\p{L}\p{Nl}\p{Pc}]/u;
// eslint-disable-next-line no-control-regex -- the controls Java counts as ignorable parts of a name are the point
const JAVA_NAME_PART = /[\p{L}\p{Nl}\p{Pc}\p{Sc}\p{Nd}\p{Mn}\p{Mc}\p{Cf}\u0000-\u0008\u000e-\u001b\u007f-\u009f]/u;

describe('isCypherSpace', () => {
  it('is true exactly for the characters Neo4j skips as whitespace, for every code unit', () => {
    const spaces = new Set(NEO4J_SPACES.map((space) => space.charCodeAt(0)));
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isCypherSpace(code) !== spaces.has(code)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});

describe('tokenizeCypher: names', () => {
  it('reads a name continued by any character Neo4j reads as a name part as one word, for every BMP character', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const part = String.fromCharCode(code);
      const expected = JAVA_NAME_PART.test(part) && !NEO4J_SPACES.includes(part);
      const tokens = tokenizeCypher(`x${part}y`);
      const oneWord = Array.isArray(tokens) && tokens.length === 1 && tokens[0]?.text === `x${part}y`;
      if (oneWord !== expected) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('starts a word at exactly the characters Neo4j reads as a name start, for every ASCII and Latin-1 character', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xff; code += 1) {
      const start = String.fromCharCode(code);
      if (NEO4J_SPACES.includes(start) || `'"\`/$`.includes(start)) continue;
      const tokens = tokenizeCypher(`${start}a`);
      const word = Array.isArray(tokens) && tokens[0]?.type === 'word';
      if (word !== JAVA_NAME_START.test(start)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('reads the ASCII letters at both ends of the alphabet, digits and a dollar sign inside a name', () => {
    expect(typesAndTexts('RETURN Z, z, A, a, _0, a9$b')).toEqual([
      ['word', 'RETURN'],
      ['word', 'Z'],
      ['symbol', ','],
      ['word', 'z'],
      ['symbol', ','],
      ['word', 'A'],
      ['symbol', ','],
      ['word', 'a'],
      ['symbol', ','],
      ['word', '_0'],
      ['symbol', ','],
      ['word', 'a9$b'],
    ]);
  });

  it('continues an ASCII name into letters outside ASCII, and ends it at the end of the text', () => {
    expect(typesAndTexts('MATCH (n:Docé) RETURN né')).toEqual([
      ['word', 'MATCH'],
      ['symbol', '('],
      ['word', 'n'],
      ['symbol', ':'],
      ['word', 'Docé'],
      ['symbol', ')'],
      ['word', 'RETURN'],
      ['word', 'né'],
    ]);
  });
});

describe('tokenizeCypher: numbers, strings, comments and symbols', () => {
  it('reads 0 and 9 as numbers', () => {
    expect(typesAndTexts('RETURN 0, 9')).toEqual([
      ['word', 'RETURN'],
      ['number', '0'],
      ['symbol', ','],
      ['number', '9'],
    ]);
  });

  it('refuses a string that ends in a lone backslash as not closed', () => {
    expect(tokenizeCypher("RETURN 'abc\\")).toEqual({ error: guardMessage('string_not_closed'), offset: 7 });
    expect(tokenizeCypher("RETURN 'abc\\'")).toEqual({ error: guardMessage('string_not_closed'), offset: 7 });
  });

  it('does not close a block comment with the star of its own opening', () => {
    expect(tokenizeCypher('RETURN 1 /*/ RETURN 2')).toEqual({ error: guardMessage('comment_not_closed'), offset: 9 });
  });

  it('refuses a backtick name that is not closed, with the offset of its backtick', () => {
    expect(tokenizeCypher('MATCH (n:`Doc) RETURN n')).toEqual({ error: guardMessage('quoted_name_not_closed'), offset: 9 });
  });

  it('reads a character outside the BMP that is not a letter as one symbol of both its code units', () => {
    // U+10100 (high surrogate D800) and U+10FC00 (high surrogate DBFF) are the ends of the
    // surrogate range; 😀 lies between. None of them can be part of a name.
    for (const symbol of ['\u{10100}', '\u{10fc00}', '😀']) {
      expect(typesAndTexts(`RETURN 1 ${symbol} 2`)).toEqual([
        ['word', 'RETURN'],
        ['number', '1'],
        ['symbol', symbol],
        ['number', '2'],
      ]);
    }
  });

  it('reads a symbol above the surrogates (private use U+E000) as one code unit, apart from the symbol after it', () => {
    expect(typesAndTexts('RETURN \ue000)')).toEqual([
      ['word', 'RETURN'],
      ['symbol', '\ue000'],
      ['symbol', ')'],
    ]);
  });

  it('reads a lone high surrogate at the end of the text as a symbol of one code unit', () => {
    expect(tokensOf('RETURN 1 \ud83d').at(-1)).toEqual({ type: 'symbol', text: '\ud83d', offset: 9 });
  });

  it('reads a letter outside the BMP as a word, not as a symbol', () => {
    expect(tokensOf('RETURN \u{10000}x')[1]).toEqual({ type: 'word', text: '\u{10000}x', offset: 7 });
  });
});
