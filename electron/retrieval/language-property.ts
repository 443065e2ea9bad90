import type { Deadline } from '../../shared/deadline';
import type { GraphGateway } from '../graph/read-gateway';
import type { RunLog } from './retrieval-stages';
import { LANGUAGE_PROPERTY_PRESENT } from './retrieval-queries';

/** Per connection, the language property keys its graph is known to have. */
const known = new WeakMap<GraphGateway, Set<string>>();

/**
 * Whether the graph has the property key `property` (the profile's document language, which the
 * language filter reads), asked once per connection and key once the answer is yes: Neo4j never
 * removes a property key it has made, so a yes stays true for the connection's database. A no is
 * asked again each time, since a load may add the key.
 */
export async function languagePropertyPresent(gateway: GraphGateway, log: RunLog, deadline: Deadline, property: string): Promise<boolean> {
  if (known.get(gateway)?.has(property)) return true;
  const present =
    Number((await log.read(LANGUAGE_PROPERTY_PRESENT, { property }, { deadline, stage: 'filters' })).rows[0]?.present ?? 0) > 0;
  if (present) known.set(gateway, new Set([...(known.get(gateway) ?? []), property]));
  return present;
}
