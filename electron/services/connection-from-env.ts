// Here, above both graph/ and neo4j-server/, because it joins them: the graph folder reads any
// Bolt URI it is given and knows nothing of the local demo server.
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { lensHome } from '../app-home';
import { connectionSettings, type ConnectionSettings } from '../graph/connection-settings';
import { runningServer } from '../neo4j-server/local-server';

/**
 * Settings from NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD and NEO4J_DATABASE; without NEO4J_URI,
 * the local demo server if it runs. Neither is an `unavailable` error that says how to get one.
 * Credentials written into NEO4J_URI are taken out of it (see `connectionSettings`).
 */
export function connectionSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  const uri = env.NEO4J_URI?.trim();
  const database = env.NEO4J_DATABASE?.trim() || undefined;
  if (uri)
    return connectionSettings({
      uri,
      user: env.NEO4J_USER?.trim() || undefined,
      password: env.NEO4J_PASSWORD || undefined,
      database,
      source: 'environment',
    });
  const demo = runningServer(lensHome(env));
  if (!demo) {
    throw codedError('unavailable', serverError('no_neo4j'), { hint: serverError('no_neo4j_hint') });
  }
  return { uri: demo.boltUri, user: demo.user, password: demo.password, database, source: 'demo' };
}
