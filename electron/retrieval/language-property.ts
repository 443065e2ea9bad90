import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway } from '../graph/read-gateway';
import type { RunLog } from './retrieval-stages';
import { languageHeld } from './retrieval-queries';

/** Per connection, the document label and language property pairs some document of its graph is known to have. */
const known = new WeakMap<GraphGateway, Set<string>>();

/**
 * Whether some document of the graph has the profile's language property, which the language filter
 * reads; asked once per connection and property once the answer is yes. A no is asked again each time,
 * since a load may add it. Asked of the documents, not of the server's property keys: those keep a
 * name after its last use, so a server that once held the demo would let the filter go ahead on a
 * graph where no document has a language, leaving every chunk out instead of saying it cannot filter.
 * A yes outlives a reload that removes every language within one connection: the filter then leaves
 * every chunk out, counted as the filter's, until the next connection asks again.
 */
export async function languagePropertyPresent(
  gateway: GraphGateway,
  log: RunLog,
  deadline: Deadline,
  profile: SchemaProfile,
): Promise<boolean> {
  const asked = `${profile.labels.document}\u0000${profile.properties.document.language}`;
  if (known.get(gateway)?.has(asked)) return true;
  const present = Number((await log.read(languageHeld(profile), {}, { deadline, stage: 'filters' })).rows[0]?.present ?? 0) > 0;
  if (present) known.set(gateway, new Set([...(known.get(gateway) ?? []), asked]));
  return present;
}
