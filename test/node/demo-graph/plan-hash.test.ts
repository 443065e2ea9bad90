import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { hashJson } from '../../../electron/demo-graph/graph-writer';
import { buildSyntheticPlan } from '../../../electron/demo-graph/synthetic-graph';

const wholeText = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
const streamed = (value: unknown, depth?: number) => {
  const hash = crypto.createHash('sha256');
  hashJson(hash, value, depth);
  return hash.digest('hex');
};

describe('hashJson', () => {
  // The same hash as the whole text: a graph loaded before the plan was hashed piece by piece is not loaded again.
  it("gives the demo plan's and a synthetic plan's whole-text hash", () => {
    const demo = buildLoadPlan();
    const synthetic = buildSyntheticPlan({ chunks: 5_000, selectivities: [0.01, 1], seed: 3 });
    for (const plan of [demo, synthetic]) {
      const content = { writer: 2, documents: plan.documents, claims: plan.claims, principals: plan.principals, groups: plan.groups };
      expect(streamed(content)).toBe(wholeText(content));
    }
  });

  it.each([
    ['members JSON leaves out', { a: 1, gone: undefined, fn: () => 1, sym: Symbol('s'), b: 'two' }],
    ['array slots JSON writes as null', [1, undefined, () => 1, Symbol('s'), 'x']],
    ['empty containers', { list: [], object: {}, nested: [[], {}] }],
    ['a leading member left out', { gone: undefined, kept: [1, 2] }],
    ['values with toJSON', { at: new Date(Date.UTC(2026, 11, 3)), list: [new Date(0)] }],
    ['scalars and text to escape', { text: 'quote " backslash \\ 한국어 \u2028 \n', n: -0.5, yes: true, none: null }],
    ['keys to escape', { 'a"b': 1, 'ключ\n': [2] }],
    ['deep nesting past the streamed depth', { a: [{ b: [{ c: [1, { d: undefined, e: 2 }] }] }] }],
    ['a bare array of objects', [{ a: 1 }, { b: [undefined] }]],
    ['a scalar', 42],
  ])('matches JSON.stringify for %s', (_name, value) => {
    expect(streamed(value)).toBe(wholeText(value));
    expect(streamed(value, 5)).toBe(wholeText(value));
  });
});
