import { describe, expect, inject, it } from 'vitest';
import { defineQuery } from '../../electron/graph/built-in-query';
import { temporalAsText } from '../../electron/graph/temporal-text';
import { documentProps } from '../../electron/retrieval/candidate-rows';
import { documentMap } from '../../electron/retrieval/retrieval-queries';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { useDemoGateway } from '../support/demo-graph';

const server = inject('neo4j');

/** Pseudo-random cases from a fixed seed: epoch seconds from the year -1200 to 11476, fractions of every length, offsets and zones. */
function cases(count: number) {
  let state = 7;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2147483648) * n);
  };
  const zones = ['Z', '+09:00', '-03:30', '+05:45', 'Asia/Seoul', 'Europe/Paris', 'America/New_York', 'UTC', 'Europe/Amsterdam'];
  const fractions = [0, 1, 100_000_000, 120_000_000, 123_000_000, 123_456_000, 5, 999_999_999];
  return Array.from({ length: count }, () => ({
    seconds: (next(400_000) - 100_000) * 1_000_000 + next(1_000_000),
    nanos: fractions[next(fractions.length)] as number,
    zone: zones[next(zones.length)] as string,
  }));
}

const BOTH_WAYS = defineQuery(
  'temporal-both-ways',
  `UNWIND $cases AS c
   WITH datetime({epochSeconds: c.seconds, nanosecond: c.nanos, timezone: c.zone}) AS zoned
   WITH zoned, localdatetime({year: zoned.year, month: zoned.month, day: zoned.day, hour: zoned.hour, minute: zoned.minute,
                              second: zoned.second, nanosecond: zoned.nanosecond}) AS local, date(zoned) AS day
   RETURN zoned, ${temporalAsText('zoned')} AS zoned_text, local, ${temporalAsText('local')} AS local_text,
          day, ${temporalAsText('day')} AS day_text`,
);

const DOCUMENT_MAPS = defineQuery(
  'document-maps-both-ways',
  `UNWIND $documents AS raw
   WITH raw { .*, updated_at: CASE raw.kind WHEN 'date' THEN date(raw.updated) WHEN 'local' THEN localdatetime(raw.updated)
                                            WHEN 'zoned' THEN datetime(raw.updated) ELSE raw.updated END,
              ingested_at: datetime('2026-12-07T06:59:01.123Z') } AS d
   RETURN d { .* } AS plain, ${documentMap(DEFAULT_SCHEMA_PROFILE, 'd')} AS as_text`,
);

describe('temporal values sent as text (temporal-text.ts), on the real server', () => {
  const gateway = useDemoGateway(server);

  it('read as text, 2,000 datetimes, local datetimes and dates give the very strings the driver gives', async () => {
    const { rows } = await gateway().read(BOTH_WAYS, { cases: cases(2_000) }, { deadline: Deadline.after(30_000) });
    expect(rows).toHaveLength(2_000);
    for (const row of rows) {
      expect(row.zoned_text).toBe(row.zoned);
      expect(row.local_text).toBe(row.local);
      expect(row.day_text).toBe(row.day);
    }
    // The cases hold what the two writers spell differently: fractions with trailing zeros, signed years.
    expect(rows.some((row) => /\.\d*0+(Z|[+-]|\[|$)/.test(String(row.zoned)))).toBe(true);
    expect(rows.some((row) => /^-\d{6}-/.test(String(row.zoned)))).toBe(true);
    expect(rows.some((row) => /^\+\d{6}-/.test(String(row.zoned)))).toBe(true);
  });

  it("reads a document's map as `d { .* }` does: dates as the same text, other values untouched, absent ones absent", async () => {
    const documents = [
      { document_id: 'zoned', kind: 'zoned', updated: '2024-01-02T03:04:05.1+09:00[Asia/Seoul]' },
      { document_id: 'date', kind: 'date', updated: '2024-01-02' },
      { document_id: 'local', kind: 'local', updated: '2024-01-02T03:04:05.5' },
      { document_id: 'text', kind: 'text', updated: '2024-01-02T03:04:05.1Z' },
      { document_id: 'number', kind: 'number', updated: 20240102 },
      { document_id: 'none', kind: 'none', updated: null },
    ];
    const { rows } = await gateway().read(DOCUMENT_MAPS, { documents }, { deadline: Deadline.after(30_000) });
    expect(rows).toHaveLength(documents.length);
    // A node's property is never null, so a node's `d { .* }` holds no null: the map literals here do, and are read alike.
    for (const row of rows) expect(documentProps(row.as_text)).toEqual(documentProps(row.plain));
    const byId = new Map(rows.map((row) => [(row.plain as Record<string, unknown>).document_id, documentProps(row.as_text)]));
    expect(byId.get('zoned')?.updated_at).toBe('2024-01-02T03:04:05.100000000+09:00[Asia/Seoul]');
    expect(byId.get('text')?.updated_at).toBe('2024-01-02T03:04:05.1Z');
    expect(byId.get('none')).not.toHaveProperty('updated_at');
    expect(byId.get('none')).not.toHaveProperty('valid_to');
  });
});
