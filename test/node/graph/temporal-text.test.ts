import { describe, expect, it } from 'vitest';
import { toPlain } from '../../../electron/graph/graph-values';
import { driverTemporalText, isTemporalText, temporalAsText, TEMPORAL_TEXT_KEY } from '../../../electron/graph/temporal-text';

describe('a temporal value sent as text', () => {
  it.each([
    ['2024-01-02T03:04:05Z', '2024-01-02T03:04:05Z'],
    ['2024-01-02T03:04:05.1Z', '2024-01-02T03:04:05.100000000Z'],
    ['2024-01-02T03:04:05.12+01:00[Europe/Paris]', '2024-01-02T03:04:05.120000000+01:00[Europe/Paris]'],
    ['2024-01-02T03:04:05.123456789+09:00', '2024-01-02T03:04:05.123456789+09:00'],
    ['2024-01-02T03:04:05.5', '2024-01-02T03:04:05.500000000'],
    ['-0044-03-15T12:00:00Z', '-000044-03-15T12:00:00Z'],
    ['+12345-01-01T00:00:00Z', '+012345-01-01T00:00:00Z'],
    ['-0001-01-01', '-000001-01-01'],
    ['2024-01-02', '2024-01-02'],
    ['1880-01-02T00:00:00+00:17:30[Europe/Amsterdam]', '1880-01-02T00:00:00+00:17:30[Europe/Amsterdam]'],
  ])("reads the server's %s as the driver writes it: %s", (server, driver) => {
    expect(driverTemporalText(server)).toBe(driver);
  });

  it('comes back from toPlain as that text, inside rows and lists too', () => {
    const sent = { [TEMPORAL_TEXT_KEY]: '2024-01-02T03:04:05.1Z' };
    expect(toPlain(sent)).toBe('2024-01-02T03:04:05.100000000Z');
    expect(toPlain({ document: { updated_at: sent, title: 't' } })).toEqual({
      document: { updated_at: '2024-01-02T03:04:05.100000000Z', title: 't' },
    });
  });

  it('is only a map of that one key holding text: any other map stays a map', () => {
    expect(isTemporalText({ [TEMPORAL_TEXT_KEY]: '2024-01-02' })).toBe(true);
    expect(isTemporalText({ [TEMPORAL_TEXT_KEY]: '2024-01-02', other: 1 })).toBe(false);
    expect(isTemporalText({ [TEMPORAL_TEXT_KEY]: 20240102 })).toBe(false);
    expect(toPlain({ [TEMPORAL_TEXT_KEY]: 1, other: 'x' })).toEqual({ [TEMPORAL_TEXT_KEY]: 1, other: 'x' });
  });

  it('is asked for only of datetimes, local datetimes and dates that are there, in Cypher', () => {
    const cypher = temporalAsText('d.`updated_at`');
    expect(cypher).toContain('d.`updated_at` IS :: ZONED DATETIME NOT NULL | LOCAL DATETIME NOT NULL | DATE NOT NULL THEN');
    expect(cypher).toMatch(/ELSE d\.`updated_at` END$/);
  });
});
