import { describe, expect, it } from 'vitest';
import { acceptedCodings, isCompressedCopy } from '../../../electron/web/content-encoding';

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br', ['br']],
    ['BR, GZip', ['br', 'gzip']],
    ['x-gzip', ['gzip']],
    ['deflate', []],
    ['identity', []],
  ])('reads %j as accepting %j, brotli first on a tie', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });

  it('accepts nothing without the header or with an empty one, so the file goes out as it is', () => {
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings('')).toEqual([]);
  });

  it('refuses a coding the client gives q=0', () => {
    expect(acceptedCodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('gzip;q=0.000, br;q=0')).toEqual([]);
  });

  it("follows the client's weights before the host's preference", () => {
    expect(acceptedCodings('br;q=0.5, gzip;q=0.9')).toEqual(['gzip', 'br']);
    expect(acceptedCodings('br ; q=1 , gzip ; q=1')).toEqual(['br', 'gzip']);
  });

  it('takes * for every coding not named, and a named q=0 still refuses', () => {
    expect(acceptedCodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('*;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedCodings('*;q=0')).toEqual([]);
  });

  it('treats an unreadable weight as a refusal rather than a preference', () => {
    expect(acceptedCodings('br;q=high, gzip;q=2')).toEqual([]);
  });

  it('knows a precompressed copy by its suffix', () => {
    expect(isCompressedCopy('/r/assets/app-1234abcd.js.br')).toBe(true);
    expect(isCompressedCopy('/r/assets/app-1234abcd.js.gz')).toBe(true);
    expect(isCompressedCopy('/r/assets/app-1234abcd.js')).toBe(false);
  });
});
