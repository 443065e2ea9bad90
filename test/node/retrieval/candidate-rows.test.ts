import { describe, expect, it } from 'vitest';
import type { PlainRow, ReadResult } from '../../../electron/graph/read-gateway';
import { postfilteredHits, prefilteredRows } from '../../../electron/retrieval/candidate-rows';
import { errorOf } from '../../support/lens-error-of';

const result = (rows: PlainRow[]): ReadResult => ({
  rows,
  truncated: false,
  rowCap: 1000,
  queryName: 'test',
  cypher: '',
  paramsHash: '',
  serverMs: { available: 0, consumed: 0 },
  elapsedMs: 0,
});

const open = { document_id: 'd-open', visibility: 'public' };
const hidden = { document_id: 'd-hidden', visibility: 'restricted' };

describe('candidate rows from a row per chunk with its judged documents', () => {
  it('makes a row per document, each with its own verdict and every document of the chunk', () => {
    const rows = prefilteredRows(
      result([
        {
          chunk_id: 'c1',
          score: 0.9,
          chunk: { chunk_id: 'c1', text: 'x', acl_partition: null },
          judged: [
            { document: open, allowed: true },
            { document: hidden, allowed: false },
          ],
        },
      ]),
    );
    expect(rows).toEqual([
      { chunk_id: 'c1', score: 0.9, chunk: { chunk_id: 'c1', text: 'x' }, documents: [open, hidden], document: open, allowed: true },
      { chunk_id: 'c1', score: 0.9, chunk: { chunk_id: 'c1', text: 'x' }, documents: [open, hidden], document: hidden, allowed: false },
    ]);
  });

  it('gives a chunk of no document one row with none, which is not allowed', () => {
    const [row, ...rest] = prefilteredRows(result([{ chunk_id: 'c2', score: 0.5, chunk: { chunk_id: 'c2' }, judged: [] }]));
    expect(rest).toEqual([]);
    expect(row?.document).toBeNull();
    expect(row?.allowed).toBe(false);
    expect(row?.documents).toEqual([]);
  });

  it('reads a verdict that is not true as a denial, and skips entries that hold no document', () => {
    const rows = prefilteredRows(
      result([{ chunk_id: 'c3', score: 1, chunk: {}, judged: [{ document: open, allowed: 'yes' }, { allowed: true }, null] }]),
    );
    expect(rows.map((row) => [row.document, row.allowed])).toEqual([[open, false]]);
  });

  it('keeps the counts of a round that kept nothing (one row with a null chunk)', () => {
    const hits = postfilteredHits(
      result([{ chunk_id: null, score: null, fetched: 40, not_visible: 38, filtered: 2, allowed_total: 0, chunk: null, judged: null }]),
    );
    expect(hits).toEqual({ rows: [], fetched: 40, allowedTotal: 0, notVisible: 38, filtered: 2 });
  });

  it('refuses a FLOAT chunk id the principal may see, whole or not, naming it and its type, and drops one it may not see unnamed', () => {
    // An INTEGER id arrives as its digits (storedIdColumn), so a number is a FLOAT: the driver hands 4242.0 over as 4242.
    const row = (id: number, allowed: boolean) => result([{ chunk_id: id, score: 1, chunk: {}, judged: [{ document: open, allowed }] }]);
    expect(errorOf(() => prefilteredRows(row(4242.5, true))).message).toContain('4242.5, of type FLOAT');
    expect(errorOf(() => prefilteredRows(row(4242, true))).message).toContain('4242.0, of type FLOAT');
    expect(prefilteredRows(row(4242.5, false))).toEqual([]);
  });

  it('refuses a chunk or an allowed document whose id another node holds in the other type, naming the label and the id', () => {
    const twinChunk = result([{ chunk_id: '4242', score: 1, chunk: {}, judged: [{ document: open, allowed: true }], chunk_id_twin: true }]);
    expect(errorOf(() => prefilteredRows(twinChunk)).message).toContain('Two Chunk nodes have the id 4242');
    const twinDocument = result([{ chunk_id: 'c1', score: 1, chunk: {}, judged: [{ document: open, allowed: true, id_twin: '77' }] }]);
    expect(errorOf(() => prefilteredRows(twinDocument)).message).toContain('Two Document nodes have the id 77');
    const withheld = result([
      { chunk_id: '4242', score: 1, chunk: {}, judged: [{ document: hidden, allowed: false }], chunk_id_twin: true },
    ]);
    expect(prefilteredRows(withheld)).toEqual([]);
  });
});
