import { describe, expect, it } from 'vitest';
import { extractCypher } from '../../../electron/llm/cypher-extraction';

describe('extractCypher', () => {
  it('takes the first fenced block, whatever its language tag, without a trailing semicolon', () => {
    expect(extractCypher('Here it is:\n```cypher\nMATCH (n) RETURN n LIMIT 1;\n```\nand more\n```\nRETURN 2\n```')).toBe(
      'MATCH (n) RETURN n LIMIT 1',
    );
    expect(extractCypher('```\nRETURN 1\n```')).toBe('RETURN 1');
  });

  it('takes an unfenced reply that opens like a query, writes included, so the guard judges it', () => {
    expect(extractCypher('  MATCH (c:Chunk) RETURN c LIMIT 3  ')).toBe('MATCH (c:Chunk) RETURN c LIMIT 3');
    expect(extractCypher('create (n) return n')).toBe('create (n) return n');
  });

  it('finds no Cypher in prose or an empty reply', () => {
    expect(extractCypher('I cannot help with that request.')).toBeNull();
    expect(extractCypher('')).toBeNull();
    expect(extractCypher('```cypher\n\n```')).toBeNull();
  });

  it('keeps a second statement in the text, so the guard refuses the pair instead of it being dropped', () => {
    expect(extractCypher('```cypher\nRETURN 1; MATCH (n) DETACH DELETE n\n```')).toBe('RETURN 1; MATCH (n) DETACH DELETE n');
  });
});
