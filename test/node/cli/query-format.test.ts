import { describe, expect, it } from 'vitest';
import { formatResponse } from '../../../electron/cli/commands/query-command';
import { buildRunRecord } from '../../support/run-record-factory';
import { terminalControlsIn } from '../../support/terminal-controls';

describe('lens query output for a person', () => {
  it('escapes terminal controls that graph text carries in items, messages and stages', () => {
    const { response } = buildRunRecord();
    const hostile = '\u001b]0;pwned\u0007 \u001b[2J \u202e \r';
    const tainted = {
      ...response,
      message: `message ${hostile}`,
      items: response.items.map((item) => ({
        ...item,
        title: `title ${hostile}`,
        content: `content ${hostile}`,
        source_uri: `file:///${hostile}`,
      })),
      stages: response.stages.map((stage) => ({ ...stage, note: `note ${hostile}` })),
    };
    expect(tainted.items.length).toBeGreaterThan(0);
    const text = formatResponse(tainted, `u-${hostile}`);
    expect(terminalControlsIn(text)).toEqual([]);
    expect(text).toContain('\\x1b');
  });
});

describe('lens query output of a refused run', () => {
  it('shows a long principal id by its start and length in the header, and no embedder line when no stage ran', () => {
    const { response } = buildRunRecord();
    const refused = {
      ...response,
      outcome: 'invalid_request' as const,
      message: 'Unknown principal',
      items: [],
      stages: [],
      embedder: { name: 'hashing-384', kind: 'lexical' as const, dimensions: 384 },
    };
    const text = formatResponse(refused, 'u'.repeat(100_000));
    expect(text.split('\n')[0]).toContain(`as ${'u'.repeat(80)}… (100000 characters)  ·`);
    expect(text.length).toBeLessThan(2_000);
    expect(text).not.toContain('query embedder');
    expect(formatResponse(response, 'u-sora')).toContain('query embedder');
  });
});

describe('lens query output of a request refused before it was read', () => {
  it('shows no 0/0 budgets in the header, only the time it took', () => {
    const { response } = buildRunRecord();
    const refused = {
      ...response,
      outcome: 'unsupported_filter' as const,
      items: [],
      stages: [],
      limits: { ...response.limits, max_tokens: 0, timeout_ms: 0, used_tokens: 0, elapsed_ms: 2 },
    };
    const header = formatResponse(refused, 'u-guest').split('\n')[0] ?? '';
    expect(header).toMatch(/^UNSUPPORTED_FILTER {2}as u-guest {2}· {2}0 items {2}· {2}2 ms {2}· {2}trace /);
    expect(header).not.toContain('0/0');
    expect(formatResponse(response, 'u-sora').split('\n')[0]).toMatch(/tokens {2}· {2}\d+\/\d+ ms/);
  });
});

describe('lens query output of an auto run', () => {
  it('carries the route, its reason and the entity score', () => {
    const { response } = buildRunRecord();
    const routed = {
      ...response,
      route: {
        chosen: 'fulltext' as const,
        cues: [{ kind: 'adr_number' as const, text: 'ADR-011' }],
        code: 'route_identifier' as const,
        params: { identifiers: 'ADR-011' },
      },
      items: response.items.map((item) => ({ ...item, retrieval_scores: { ...item.retrieval_scores, entity: 1 } })),
    };
    const text = formatResponse(routed, 'u-sora');
    expect(text).toContain('route: fulltext, routed to full-text + entity signals (no vector side): the question names ADR-011');
    expect(text).toContain('entity 1.000');
  });
});

describe('lens query output of an item whose graph holds no character offsets', () => {
  it('says the span is unknown, never an invented 0-0', () => {
    const { response } = buildRunRecord();
    const [first] = response.items;
    expect(first).toBeDefined();
    const known = formatResponse(response, 'u-sora');
    expect(known).toMatch(/span \d+-\d+ {2}\d+ tokens/);
    const unknown = formatResponse({ ...response, items: [{ ...first!, span: null }] }, 'u-sora');
    expect(unknown).toContain('span unknown (the graph holds no character offsets)');
    expect(unknown).not.toMatch(/span \d+-\d+/);
  });
});

describe('lens query output of an item whose document has no version', () => {
  it('says "no version" in the item line instead of v?, and the version where there is one', () => {
    const { response } = buildRunRecord();
    const first = response.items[0];
    expect(first).toBeDefined();
    if (!first) return;
    const unversioned = { ...response, items: [{ ...first, document_version: null }] };
    const line =
      formatResponse(unversioned, 'u-sora')
        .split('\n')
        .find((entry) => entry.startsWith('#')) ?? '';
    expect(line).toMatch(/, no version\)$/);
    expect(line).not.toContain('v?');
    const versioned = { ...response, items: [{ ...first, document_version: '7' }] };
    expect(formatResponse(versioned, 'u-sora')).toMatch(/^#\d+ .*, v7\)$/m);
  });
});
