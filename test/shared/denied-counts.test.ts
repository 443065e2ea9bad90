import { describe, expect, it } from 'vitest';
import { ContextResponse, DeniedCount } from '../../shared/context-contract';
import { deniedCountColumn, deniedHeadline } from '../../shared/denied-summary';

const wholeGraph = { stage: 'whole_graph', kind: 'access', reason: 'not_visible_to_principal', counts: 'graph_chunks', count: 98, of: 318 };
const typeFilter = { stage: 'whole_graph', kind: 'filter', reason: 'document_types', counts: 'visible_chunks', count: 220, of: 220 };

describe('DeniedCount: the contract of a denied count', () => {
  it('reads a count kept before counts had a kind as unrecorded, access unless its reason names the filters', () => {
    expect(DeniedCount.parse({ stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 })).toEqual({
      stage: 'before_candidates',
      reason: 'excluded_by_prefilter',
      count: 318,
      kind: 'access',
      counts: 'unrecorded',
    });
    expect(DeniedCount.parse({ stage: 'after_expansion', reason: 'document:filtered', count: 2 })).toMatchObject({
      kind: 'filter',
      counts: 'unrecorded',
    });
  });

  it('refuses a count above what it is counted out of', () => {
    expect(DeniedCount.safeParse({ ...wholeGraph, count: 355 }).success).toBe(false);
    expect(DeniedCount.safeParse(wholeGraph).success).toBe(true);
  });

  it('refuses an unknown kind or unit rather than guessing', () => {
    expect(DeniedCount.safeParse({ ...wholeGraph, kind: 'denied' }).success).toBe(false);
    expect(DeniedCount.safeParse({ ...wholeGraph, counts: 'rows' }).success).toBe(false);
  });

  it('reads a response kept before notes existed with no notes', () => {
    const old = {
      trace_id: 't',
      outcome: 'no_evidence',
      answerable: false,
      items: [],
      limits: { used_tokens: 0, max_tokens: 10, elapsed_ms: 1, timeout_ms: 10 },
      denied: [{ stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 }],
      stages: [],
      cuts: [],
    };
    const read = ContextResponse.parse(old);
    expect(read.notes).toEqual([]);
    expect(read.denied[0]?.counts).toBe('unrecorded');
  });
});

describe('deniedHeadline and deniedCountColumn: what a run list shows', () => {
  const parse = (entries: unknown[]) => entries.map((entry) => DeniedCount.parse(entry));

  it('stands the whole graph access and filter counts for the run, never their sum', () => {
    const denied = parse([
      wholeGraph,
      typeFilter,
      { stage: 'before_candidates', mechanism: 'fulltext', kind: 'filter', reason: 'request_filters', counts: 'hits', count: 65, of: 65 },
    ]);
    const headline = deniedHeadline(denied);
    expect([headline.access?.count, headline.filter?.count, headline.freshness, headline.unrecorded]).toEqual([98, 220, null, null]);
    expect(deniedCountColumn(denied)).toBe(98);
  });

  it('never counts relevance-floor cuts as access, in the headline or in the column', () => {
    const floorCut = { stage: 'relevance_floor', kind: 'relevance', reason: 'below_relevance_floor', counts: 'chunks', count: 10, of: 10 };
    expect(deniedHeadline(parse([floorCut]))).toEqual({ access: null, filter: null, freshness: null, unrecorded: null });
    expect(deniedCountColumn(parse([floorCut]))).toBe(0);
    expect(deniedCountColumn(parse([wholeGraph, floorCut]))).toBe(98);
  });

  it('takes all filters together as the filter figure when there are several', () => {
    const together = { ...typeFilter, reason: 'all_filters', count: 230, of: 240 };
    const denied = parse([wholeGraph, { ...typeFilter, of: 240 }, { ...typeFilter, reason: 'language', count: 10, of: 240 }, together]);
    expect(deniedHeadline(denied).filter?.reason).toBe('all_filters');
  });

  it('gives an older run its old total as unclassified, and a run that counted nothing 0', () => {
    const old = parse([
      { stage: 'before_candidates', reason: 'excluded_by_prefilter', count: 318 },
      { stage: 'before_candidates', reason: 'excluded_by_postfilter', count: 65 },
    ]);
    expect(deniedHeadline(old)).toEqual({ access: null, filter: null, freshness: null, unrecorded: 383 });
    expect(deniedCountColumn(old)).toBe(383);
    expect(deniedCountColumn([])).toBe(0);
  });
});
