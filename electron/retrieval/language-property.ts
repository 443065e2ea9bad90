import type { Deadline } from '../../shared/deadline';
import type { GraphGateway } from '../graph/read-gateway';
import type { RunLog } from './retrieval-stages';
import { LANGUAGE_PROPERTY_PRESENT } from './retrieval-queries';

/** Connections whose graph is known to have a `language` property key. */
const known = new WeakSet<GraphGateway>();

/**
 * Whether the graph has a `language` property key (which the language filter reads), asked once per
 * connection once the answer is yes: Neo4j never removes a property key it has made, so a yes stays
 * true for the connection's database. A no is asked again each time, since a load may add the key.
 */
export async function languagePropertyPresent(gateway: GraphGateway, log: RunLog, deadline: Deadline): Promise<boolean> {
  if (known.has(gateway)) return true;
  const present = Number((await log.read(LANGUAGE_PROPERTY_PRESENT, {}, { deadline, stage: 'filters' })).rows[0]?.present ?? 0) > 0;
  if (present) known.add(gateway);
  return present;
}
