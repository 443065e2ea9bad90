import { describe, expect, it } from 'vitest';
import { browserPasteText, cypherLiteral, paramLines } from '../../../shared/cypher/param-block';

describe('cypherLiteral', () => {
  it('writes strings single-quoted with quotes, backslashes and newlines escaped', () => {
    expect(cypherLiteral("it's a \\ path\nnext")).toBe("'it\\'s a \\\\ path\\nnext'");
  });
  it('writes lists and maps as Cypher, quoting keys that are not plain names', () => {
    expect(cypherLiteral({ a: [1, 'x', null], 'odd key': true })).toBe("{a: [1, 'x', null], `odd key`: true}");
  });
});

describe('browserPasteText', () => {
  it('puts one :param line per parameter, in name order, before the Cypher', () => {
    expect(browserPasteText('MATCH (n) RETURN n LIMIT $k\n', { k: 5, a: 'x' })).toBe(
      ":param a => 'x'\n:param k => 5\n\nMATCH (n) RETURN n LIMIT $k",
    );
  });
  it('gives the Cypher alone for a query without parameters or from an old run', () => {
    expect(browserPasteText('RETURN 1', undefined)).toBe('RETURN 1');
    expect(paramLines({})).toEqual([]);
  });
});
