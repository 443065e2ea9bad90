import { describe, expect, it } from 'vitest';
import type { PlainRow, ReadResult } from '../../../electron/graph/read-gateway';
import { entityHits, splitEntityHits, withEntityHits } from '../../../electron/retrieval/entity-queries';
import { fulltextInIndexAcl, fulltextPostfilter } from '../../../electron/retrieval/retrieval-queries';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

const profile = DEFAULT_SCHEMA_PROFILE;
const acl = { document: 'd.visibility = $v', chunk: null };

/** The column names of a RETURN clause (`x AS y` counts as y), split at the commas outside brackets. */
function columnsOf(returnClause: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of returnClause.replace(/^\s*RETURN\s+/, '')) {
    if ('([{'.includes(char)) depth += 1;
    if (')]}'.includes(char)) depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += char;
  }
  parts.push(part);
  return parts.map(
    (item) =>
      item
        .trim()
        .split(/\s+AS\s+/i)
        .pop() as string,
  );
}

/** The RETURN clauses of a `withEntityHits` query's two branches (each starts with its side). */
function branchReturns(text: string): string[] {
  return [...text.matchAll(/RETURN '(?:candidate|entity)' AS side[^\n]+/g)].map((match) => match[0]);
}

const result = (rows: PlainRow[]): ReadResult => ({
  rows,
  truncated: false,
  rowCap: 100,
  queryName: 'q',
  cypher: 'q',
  paramsHash: 'h',
  serverMs: { available: 1, consumed: 1 },
  elapsedMs: 2,
});

describe('the entity hits carried in a full-text round', () => {
  for (const [name, query] of [
    ['in-index ACL', fulltextInIndexAcl(profile, acl, null)],
    ['post-filter', fulltextPostfilter(profile, acl, 'd.type IN $types')],
  ] as const) {
    it(`${name}: both branches of the union return the same columns in the same order, the candidate query's own among them`, () => {
      for (const withIndex of [true, false]) {
        const combined = withEntityHits(query, profile, withIndex);
        const [candidates, entities] = branchReturns(combined.text).map(columnsOf);
        expect(candidates).toEqual(entities);
        // The candidate query's own RETURN names are all there, so none of its columns is dropped.
        const own = columnsOf(/RETURN ([^\n]+)$/.exec(query.text.trim())?.[0] ?? '');
        for (const column of own) expect(candidates).toContain(column);
        for (const column of columnsOf(/RETURN ([^\n]+)$/.exec(entityHits(profile, withIndex).text.trim())?.[0] ?? ''))
          expect(entities).toContain(column);
        expect(combined.name).toBe(`${query.name}+${withIndex ? 'entity-hits' : 'entity-hits-adr-only'}`);
      }
    });
  }

  it('keeps the entity read’s parameters apart from the full-text query’s', () => {
    const text = entityHits(profile, true).text;
    expect(text).toContain('$entity_index');
    expect(text).toContain('$entity_lucene');
    expect(text).not.toMatch(/\$index\b|\$lucene\b|\$limit\b/);
  });

  it('splits the rows by side into the round’s own result (same counts and timing) and the entity rows, each with its own columns only', () => {
    const absent = { key: null, labels: null, props: null };
    const candidate = (chunk_id: string, score: number): PlainRow => ({
      side: 'candidate',
      chunk_id,
      score,
      fetched: 3,
      not_visible: 1,
      filtered: 0,
      allowed_total: 2,
      chunk: {},
      judged: [{ document: {}, allowed: true }],
      ...absent,
    });
    const noCandidate = Object.fromEntries(
      ['chunk_id', 'fetched', 'not_visible', 'filtered', 'allowed_total', 'chunk', 'judged'].map((column) => [column, null]),
    );
    const entity: PlainRow = { side: 'entity', ...noCandidate, score: 1.5, key: '4:x:1', labels: ['Service'], props: { name: 'ledger' } };
    const rows = [candidate('c1', 2), entity, candidate('c2', 1)];
    const { candidates, entities } = splitEntityHits(result(rows));
    expect(candidates.rows.map((row) => row.chunk_id)).toEqual(['c1', 'c2']);
    expect(Object.keys(candidates.rows[0] ?? {})).not.toContain('key');
    expect(Object.keys(candidates.rows[0] ?? {})).not.toContain('side');
    expect(candidates.serverMs).toEqual({ available: 1, consumed: 1 });
    expect(entities).toEqual([{ key: '4:x:1', labels: ['Service'], props: { name: 'ledger' }, score: 1.5 }]);
    expect(splitEntityHits(result([])).entities).toEqual([]);
  });
});
