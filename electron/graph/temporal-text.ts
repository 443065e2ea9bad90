/**
 * Temporal property values a query sends as text. Decoding a datetime costs the driver about ten
 * times what a number costs (its epoch arithmetic runs on its own 64-bit integers, allocating as it
 * goes): a hybrid request read 120 of them in its documents' maps, about a millisecond of the
 * client's time. A query can send such a value as `{lens_temporal_text: toString(value)}` instead
 * (`temporalAsText`); `toPlain` (graph-values.ts) turns it back into the very string the driver's
 * own value would have given, so nothing downstream can tell the two apart.
 */

/** The one key of the map a query sends a temporal value's text in. A stored property is never a map, so it cannot be one. */
export const TEMPORAL_TEXT_KEY = 'lens_temporal_text';

/**
 * Cypher for `expression` sent as text when it is a datetime, a local datetime or a date; any other
 * value (a string, a number, null) as it is. `expression` is a property access the caller built.
 */
export function temporalAsText(expression: string): string {
  // One type predicate over a closed union (Cypher 5.11+; each member NOT NULL, so null stays null), not three joined
  // by OR: the property is read once instead of three times, and the query text, sent with every request, is shorter.
  return `CASE WHEN ${expression} IS :: ${TEMPORAL_TYPES} THEN { ${TEMPORAL_TEXT_KEY}: toString(${expression}) } ELSE ${expression} END`;
}

/** The temporal types a query sends as text, as a closed dynamic union whose members all exclude null. */
const TEMPORAL_TYPES = ['ZONED DATETIME', 'LOCAL DATETIME', 'DATE'].map((type) => `${type} NOT NULL`).join(' | ');

/** Whether `map` is a temporal value sent as text (`temporalAsText`). */
export function isTemporalText(map: Record<string, unknown>): map is { [TEMPORAL_TEXT_KEY]: string } {
  const keys = Object.keys(map);
  return keys.length === 1 && keys[0] === TEMPORAL_TEXT_KEY && typeof map[TEMPORAL_TEXT_KEY] === 'string';
}

/** A signed year as the server writes it (`-0044`, `+12345`), at the start of a date. */
const SIGNED_YEAR = /^([+-])(\d+)(?=-)/;
/** A time's seconds and their fraction as the server writes it (`05.12`: trailing zeros left out). */
const FRACTION = /(\d{2}:\d{2}:\d{2})\.(\d{1,9})/;

/**
 * The server's text of a datetime, local datetime or date as the driver writes the same value: a
 * signed year in six digits (`-000044`, the driver's form for years before 0 or after 9999), and a
 * fraction of a second in nine (`.120000000`; none when it is zero, as both write it). Everything
 * else — the offset (`Z`, `+05:30`, `+00:17:30`) and the zone in brackets — is written alike.
 */
export function driverTemporalText(serverText: string): string {
  return serverText
    .replace(SIGNED_YEAR, (_, sign: string, digits: string) => `${sign}${digits.padStart(6, '0')}`)
    .replace(FRACTION, (_, time: string, fraction: string) => `${time}.${fraction.padEnd(9, '0')}`);
}
