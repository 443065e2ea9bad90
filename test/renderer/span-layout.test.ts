import { describe, expect, it } from 'vitest';
import type { StageRecord } from '../../shared/context-contract';
import type { ExecutedQuery } from '../../shared/trace-record';
import { barGeometry, layoutSpans, queriesUnder, serverShare, spansOverlap } from '../../renderer/screens/workbench/span-layout';

const stage = (name: string, duration_ms: number, started_ms?: number): StageRecord => ({
  name,
  strategy: 's',
  duration_ms,
  candidates_in: 0,
  candidates_out: 0,
  acl: 'none',
  ...(started_ms === undefined ? {} : { started_ms }),
});
const query = (stageName: string, name: string, duration_ms: number, started_ms?: number, server_ms = duration_ms / 2): ExecutedQuery => ({
  stage: stageName,
  name,
  cypher: 'RETURN 1',
  params_hash: 'h',
  rows: 1,
  truncated: false,
  duration_ms,
  server_ms,
  ...(started_ms === undefined ? {} : { started_ms }),
});

describe('layoutSpans', () => {
  it('keeps recorded starts, so sides that ran side by side overlap instead of adding up', () => {
    const layout = layoutSpans(
      [stage('embed_query', 5, 1), stage('fulltext', 40, 7), stage('vector', 60, 8), stage('fusion', 2, 69)],
      [],
      72,
    );
    const byName = Object.fromEntries(layout.spans.map((span) => [span.label, span]));
    expect(layout.approximate).toBe(false);
    expect(byName.fulltext?.start).toBe(7);
    expect(byName.vector?.start).toBe(8);
    expect(spansOverlap(byName.fulltext!, byName.vector!)).toBe(true);
    expect(layout.total).toBe(72);
  });

  it('draws stages by start time even when they were recorded in the order they ended', () => {
    const layout = layoutSpans([stage('fulltext', 10, 5), stage('vector', 30, 2), stage('fusion', 1, 33)], null, 40);
    expect(layout.spans.map((span) => span.label)).toEqual(['request', 'vector', 'fulltext', 'fusion']);
  });

  it('lays an old run without starts end to end in its order and says it is approximate', () => {
    const layout = layoutSpans([stage('a', 10), stage('b', 20), stage('c', 5)], null, 30);
    expect(layout.approximate).toBe(true);
    expect(layout.spans.slice(1).map((span) => [span.label, span.start])).toEqual([
      ['a', 0],
      ['b', 10],
      ['c', 30],
    ]);
    expect(layout.total).toBe(35);
  });

  it('puts each query under its stage, and an old run’s queries one after another from the stage’s start', () => {
    const layout = layoutSpans([stage('vector', 50)], [query('vector', 'first', 10), query('vector', 'second', 15)], 50);
    expect(layout.spans.map((span) => [span.kind, span.label, span.depth, span.start])).toEqual([
      ['request', 'request', 0, 0],
      ['stage', 'vector', 1, 0],
      ['query', 'first', 2, 0],
      ['query', 'second', 2, 10],
    ]);
    expect(layout.approximate).toBe(true);
  });

  it('gives a query to the stage of its name whose time holds its start (two rounds of one stage)', () => {
    const layout = layoutSpans(
      [stage('fulltext', 10, 0), stage('fulltext', 10, 20)],
      [query('fulltext', 'round2', 5, 22), query('fulltext', 'round1', 5, 1)],
      30,
    );
    expect(layout.spans.map((span) => span.key)).toEqual(['request', 'stage:0', 'query:1', 'stage:1', 'query:0']);
  });

  it('draws a joined read under its own stage and under each stage it served, each with a key of its own', () => {
    const joined = {
      ...query('fulltext', 'fulltext-in-index-acl+entity-hits&vector-exact-over-acl-terms', 6, 2),
      served_stages: ['vector'],
    };
    const layout = layoutSpans([stage('fulltext', 8, 1), stage('vector', 9, 1), stage('fusion', 1, 10)], [joined], 12);
    expect(layout.spans.map((span) => [span.kind, span.label, span.key])).toEqual([
      ['request', 'request', 'request'],
      ['stage', 'fulltext', 'stage:0'],
      ['query', joined.name, 'query:0'],
      ['stage', 'vector', 'stage:1'],
      ['query', joined.name, 'query:0:vector'],
      ['stage', 'fusion', 'stage:2'],
    ]);
    expect(queriesUnder(layout, 'stage:1').map((span) => span.queryIndex)).toEqual([0]);
  });

  it('keeps a query no stage claims at stage level, at its own start', () => {
    const layout = layoutSpans([stage('vector', 10, 5)], [query('principal', 'principal-from-graph', 3, 0.5)], 20);
    expect(layout.spans.map((span) => [span.kind, span.label, span.depth])).toEqual([
      ['request', 'request', 0],
      ['query', 'principal-from-graph', 1],
      ['stage', 'vector', 1],
    ]);
    expect(layout.spans[1]?.queryIndex).toBe(0);
  });

  it('stretches the axis to the last bar when the parts outlast the recorded elapsed time', () => {
    expect(layoutSpans([stage('a', 12, 3)], null, 10).total).toBe(15);
  });
});

describe('queriesUnder', () => {
  it('gives the queries drawn under a stage, and none under a query or the request', () => {
    const layout = layoutSpans([stage('a', 10, 0), stage('b', 10, 10)], [query('a', 'qa', 2, 1), query('b', 'qb', 2, 11)], 20);
    expect(queriesUnder(layout, 'stage:0').map((span) => span.label)).toEqual(['qa']);
    expect(queriesUnder(layout, 'stage:1').map((span) => span.label)).toEqual(['qb']);
    expect(queriesUnder(layout, 'query:0')).toEqual([]);
    expect(queriesUnder(layout, 'request')).toEqual([]);
  });
});

describe('barGeometry', () => {
  it('places a bar in percent of the axis', () => {
    expect(barGeometry({ start: 25, duration: 50 }, 100)).toEqual({ left: 25, width: 50 });
  });
  it('gives a zero-length bar a visible width, and never runs past the end', () => {
    expect(barGeometry({ start: 100, duration: 0 }, 100, 1)).toEqual({ left: 99, width: 1 });
    expect(barGeometry({ start: 90, duration: 30 }, 100).width).toBe(10);
  });
});

describe('serverShare', () => {
  it('is the server’s part of the query’s time, at most all of it', () => {
    expect(serverShare({ server_ms: 30, duration_ms: 40 })).toBe(0.75);
    expect(serverShare({ server_ms: 50, duration_ms: 40 })).toBe(1);
    expect(serverShare({ server_ms: 0, duration_ms: 0 })).toBe(0);
  });
});
