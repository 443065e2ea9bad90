import neo4j, {
  isDate,
  isDateTime,
  isDuration,
  isLocalDateTime,
  isLocalTime,
  isNode,
  isPath,
  isPoint,
  isRelationship,
  isTime,
  type Integer,
} from 'neo4j-driver';
import { driverTemporalText, isTemporalText, TEMPORAL_TEXT_KEY } from './temporal-text';

/** A Neo4j value as plain JSON. */
export type PlainValue = null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };

/**
 * Maps driver values to plain JSON: integers to numbers (strings beyond 2^53, so nothing is
 * silently rounded), temporals to ISO strings (also those a query sent as text, temporal-text.ts),
 * nodes, relationships and paths to objects.
 */
export function toPlain(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  // The common values first: a row is mostly strings, numbers and the maps and lists a projection
  // returns, and each driver type check below costs a property lookup per value.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toPlain);
  if (isPlainMap(value)) return isTemporalText(value) ? driverTemporalText(value[TEMPORAL_TEXT_KEY]) : toPlainMap(value);
  if (neo4j.isInt(value)) {
    const integer = value as Integer;
    return integer.inSafeRange() ? integer.toNumber() : integer.toString();
  }
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (isDate(value) || isDateTime(value) || isLocalDateTime(value) || isLocalTime(value) || isTime(value) || isDuration(value)) {
    return value.toString();
  }
  if (isPoint(value)) return { srid: toPlain(value.srid), x: value.x, y: value.y, ...(value.z === undefined ? {} : { z: value.z }) };
  if (isNode(value)) return { element_id: value.elementId, labels: [...value.labels], properties: toPlainMap(value.properties) };
  if (isRelationship(value)) {
    return {
      element_id: value.elementId,
      type: value.type,
      start: value.startNodeElementId,
      end: value.endNodeElementId,
      properties: toPlainMap(value.properties),
    };
  }
  if (isPath(value))
    return {
      nodes: [toPlain(value.start), ...value.segments.map((segment) => toPlain(segment.end))],
      relationships: value.segments.map((segment) => toPlain(segment.relationship)),
    };
  if (value instanceof Float32Array || value instanceof Float64Array) return Array.from(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'object') return toPlainMap(value as Record<string, unknown>);
  return String(value);
}

/** A map as the driver returns it (a plain object); the driver's own types are instances of its classes. */
function isPlainMap(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function toPlainMap(map: Record<string, unknown>): { [key: string]: PlainValue } {
  const out: { [key: string]: PlainValue } = {};
  for (const [key, item] of Object.entries(map)) out[key] = toPlain(item);
  return out;
}

/**
 * Prepares parameters for Bolt. A JS number goes over Bolt as a float, so whole-number scalars
 * become Neo4j integers (`LIMIT $k` needs one); lists of numbers stay floats (embeddings need that).
 */
export function toBoltParams(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (value instanceof Float32Array || value instanceof Float64Array) return Array.from(value);
  if (Array.isArray(value)) return value.every((item) => typeof item === 'number') ? value : value.map(toBoltParams);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toBoltParams(item)]));
  }
  return value;
}
