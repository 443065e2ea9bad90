import { LensError } from '../../shared/lens-error';
import { lensHome } from '../app-home';
import { runningServer } from '../neo4j-server/local-server';

/** Where and as whom the app reads. The password stays in the main process. */
export interface ConnectionSettings {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  /** The database name; undefined means the server's default database. */
  readonly database: string | undefined;
  /** Where the settings came from: the NEO4J_* variables or the local demo server. */
  readonly source: 'environment' | 'demo' | 'profile';
}

/**
 * Settings from NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD and NEO4J_DATABASE; without NEO4J_URI,
 * the local demo server if it runs. Neither is an `unavailable` error that says how to get one.
 */
export function connectionSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  const uri = env.NEO4J_URI?.trim();
  if (uri) {
    return {
      uri,
      user: env.NEO4J_USER?.trim() || 'neo4j',
      password: env.NEO4J_PASSWORD ?? '',
      database: env.NEO4J_DATABASE?.trim() || undefined,
      source: 'environment',
    };
  }
  const demo = runningServer(lensHome(env));
  if (!demo) {
    throw new LensError('unavailable', 'No Neo4j is configured and the local demo server is not running.', {
      hint: 'Start the demo server with `lens neo4j start` (then `lens demo load`), or set NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD.',
    });
  }
  return { uri: demo.boltUri, user: demo.user, password: demo.password, database: env.NEO4J_DATABASE?.trim() || undefined, source: 'demo' };
}
