import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { toPlain } from '../../../electron/graph/graph-values';

describe('driver values as plain JSON', () => {
  it('keeps strings, numbers and booleans, and maps integers to numbers (strings past 2^53)', () => {
    expect(toPlain('text')).toBe('text');
    expect(toPlain(0.5)).toBe(0.5);
    expect(toPlain(false)).toBe(false);
    expect(toPlain(null)).toBeNull();
    expect(toPlain(undefined)).toBeNull();
    expect(toPlain(neo4j.int(42))).toBe(42);
    expect(toPlain(neo4j.int('9007199254740993'))).toBe('9007199254740993');
    expect(toPlain(BigInt(7))).toBe(7);
  });

  it('walks the maps and lists a projection returns, converting what they hold', () => {
    const row = {
      chunk: { chunk_id: 'c1', position: neo4j.int(3), tags: ['a', neo4j.int(2)], nested: { at: new neo4j.types.Date(2024, 5, 1) } },
    };
    expect(toPlain(row)).toEqual({ chunk: { chunk_id: 'c1', position: 3, tags: ['a', 2], nested: { at: '2024-05-01' } } });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { n: neo4j.int(1) });
    expect(toPlain(bare)).toEqual({ n: 1 });
  });

  it('maps temporals to ISO strings and points, nodes, relationships and paths to objects', () => {
    expect(toPlain(new neo4j.types.DateTime(2024, 1, 2, 3, 4, 5, 0, 0))).toBe('2024-01-02T03:04:05Z');
    expect(toPlain(new neo4j.types.Duration(0, 1, 0, 0))).toBe('P1DT');
    expect(toPlain(new neo4j.types.Point(neo4j.int(7203), 1, 2))).toEqual({ srid: 7203, x: 1, y: 2 });
    const a = new neo4j.types.Node(neo4j.int(1), ['Chunk'], { chunk_id: 'c1', position: neo4j.int(0) }, 'e1');
    const b = new neo4j.types.Node(neo4j.int(2), ['Document'], { document_id: 'd1' }, 'e2');
    const rel = new neo4j.types.Relationship(
      neo4j.int(3),
      neo4j.int(1),
      neo4j.int(2),
      'PART_OF',
      { since: neo4j.int(2020) },
      'r1',
      'e1',
      'e2',
    );
    expect(toPlain(a)).toEqual({ element_id: 'e1', labels: ['Chunk'], properties: { chunk_id: 'c1', position: 0 } });
    expect(toPlain(rel)).toEqual({ element_id: 'r1', type: 'PART_OF', start: 'e1', end: 'e2', properties: { since: 2020 } });
    const path = new neo4j.types.Path(a, b, [new neo4j.types.PathSegment(a, rel, b)]);
    expect(toPlain(path)).toEqual({
      nodes: [toPlain(a), toPlain(b)],
      relationships: [toPlain(rel)],
    });
  });

  it('maps typed arrays to lists and bytes to base64', () => {
    expect(toPlain(new Float32Array([0.5, 0.25]))).toEqual([0.5, 0.25]);
    expect(toPlain(new Uint8Array([1, 2, 3]))).toBe('AQID');
  });
});
