import { describe, expect, it } from 'vitest';
import { chainLinks, predecessorsOf, toChainElements, type ChainTexts } from '../../renderer/screens/stale-adrs/adr-chain-elements';
import { adrEntry } from './adr-fixtures';

const texts: ChainTexts = {
  freshness: { current: 'current', stale: 'stale', unknown: 'unknown' },
  link: { superseded: 'superseded', partial: 'partial', drift: 'drift', marked: 'marked' },
};
const stale = { state: 'stale' as const, reason: 'superseded' };
const rabbit = adrEntry('adr-002', {
  freshness: stale,
  superseded_by: [{ document_id: 'adr-003', adr_id: 'ADR-003', partial: false, drift: false }],
});
const kafka = adrEntry('adr-003', {
  freshness: stale,
  superseded_by: [{ document_id: 'adr-007', adr_id: 'ADR-007', partial: false, drift: false }],
});
const redpanda = adrEntry('adr-007');
const vault = adrEntry('adr-006', {
  freshness: stale,
  superseded_by: [{ document_id: 'adr-012', adr_id: 'ADR-012', partial: true, drift: false }],
});
const kms = adrEntry('adr-012');
const daily = adrEntry('adr-004', {
  superseded_by: [{ document_id: 'adr-011', adr_id: 'ADR-011', partial: false, drift: true }],
  drift: true,
});
const hourly = adrEntry('adr-011');
const repmgr = adrEntry('adr-005', {
  freshness: stale,
  mark: {
    document_id: 'adr-005',
    reason: 'Patroni',
    successor_document_id: 'adr-010',
    marked_by: 'u-ana',
    marked_at: '2026-01-01T00:00:00Z',
  },
});
const patroni = adrEntry('adr-010');
const lonely = adrEntry('adr-001');
const all = [lonely, rabbit, kafka, repmgr, vault, redpanda, daily, patroni, hourly, kms];

describe('supersession chains of the Stale ADRs screen', () => {
  it('links each successor to the record it replaces, with its kind: superseded, partial, drift, or a marked successor', () => {
    expect(chainLinks(all)).toEqual([
      { successor: 'adr-003', predecessor: 'adr-002', kind: 'superseded' },
      { successor: 'adr-007', predecessor: 'adr-003', kind: 'superseded' },
      { successor: 'adr-010', predecessor: 'adr-005', kind: 'marked' },
      { successor: 'adr-012', predecessor: 'adr-006', kind: 'partial' },
      { successor: 'adr-011', predecessor: 'adr-004', kind: 'drift' },
    ]);
  });

  it('draws edges from successor to predecessor labelled by kind, and only the ADRs in a chain as nodes, named with their freshness', () => {
    const elements = toChainElements(all, all, texts);
    const nodes = elements.filter((element) => element.group === 'nodes');
    const edges = elements.filter((element) => element.group === 'edges');
    expect(nodes.map((node) => node.data.id).sort()).toEqual([
      'adr-002',
      'adr-003',
      'adr-004',
      'adr-005',
      'adr-006',
      'adr-007',
      'adr-010',
      'adr-011',
      'adr-012',
    ]);
    const kafkaNode = nodes.find((node) => node.data.id === 'adr-003');
    expect(kafkaNode?.classes).toEqual(['adr-stale']);
    expect(kafkaNode?.data.display).toBe('ADR-003 · stale\nTitle of adr-003');
    const wordy = adrEntry('adr-030', {
      title: 'ADR-030: A title far longer than a chain node can hold',
      superseded_by: [{ document_id: 'adr-003', adr_id: 'ADR-003', partial: false, drift: false }],
    });
    const long = toChainElements([wordy], [...all, wordy], texts);
    expect(long.find((element) => element.data.id === 'adr-030')?.data.display).toBe('ADR-030 · current\nA title far longer than a cha…');
    // A Hangul character is drawn about twice as wide: ADR-011's Korean title spilled over the node's border on a third line.
    const hangul = adrEntry('adr-031', {
      title: 'ADR-031: 정산을 1시간 단위 준실시간 정산으로 전환',
      superseded_by: [{ document_id: 'adr-003', adr_id: 'ADR-003', partial: false, drift: false }],
    });
    const korean = toChainElements([hangul], [...all, hangul], texts);
    expect(korean.find((element) => element.data.id === 'adr-031')?.data.display).toBe('ADR-031 · current\n정산을 1시간 단위 준실시간 정…');
    expect(nodes.find((node) => node.data.id === 'adr-005')?.classes).toEqual(['adr-stale', 'adr-marked']);
    expect(edges.find((edge) => edge.data.target === 'adr-006')).toMatchObject({
      data: { source: 'adr-012', caption: 'partial' },
      classes: ['link-partial'],
    });
    expect(edges.find((edge) => edge.data.target === 'adr-004')).toMatchObject({ data: { source: 'adr-011', caption: 'drift' } });
  });

  it('keeps a filtered chain whole: a successor outside the shown ADRs is drawn from the listing and marked as outside', () => {
    const elements = toChainElements([kafka], all, texts);
    expect(elements.map((element) => element.data.id)).toEqual(['adr-007', 'adr-003', 'adr-007>adr-003']);
    expect(elements[0]?.classes).toEqual(['adr-current']);
    const orphan = toChainElements(
      [adrEntry('adr-020', { superseded_by: [{ document_id: 'gone', adr_id: null, partial: false, drift: false }] })],
      [],
      texts,
    );
    expect(orphan.find((element) => element.data.id === 'gone')).toMatchObject({ classes: ['adr-unknown', 'adr-outside'] });
  });

  it('finds every record earlier in a chain, by supersession edges and marks, so a mark cannot name one as its successor', () => {
    expect([...predecessorsOf('adr-007', all)].sort()).toEqual(['adr-002', 'adr-003']);
    expect([...predecessorsOf('adr-003', all)]).toEqual(['adr-002']);
    expect([...predecessorsOf('adr-010', all)]).toEqual(['adr-005']);
    expect([...predecessorsOf('adr-002', all)]).toEqual([]);
    // A mark on the newest record naming the oldest closes a circle: the walk ends, and never names the record itself.
    const circled = adrEntry('adr-007', {
      mark: {
        document_id: 'adr-007',
        reason: 'back',
        successor_document_id: 'adr-002',
        marked_by: 'u-ana',
        marked_at: '2026-01-01T00:00:00Z',
      },
    });
    expect([...predecessorsOf('adr-007', [rabbit, kafka, circled])].sort()).toEqual(['adr-002', 'adr-003']);
    expect([...predecessorsOf('adr-002', [rabbit, kafka, circled])].sort()).toEqual(['adr-003', 'adr-007']);
  });
});
