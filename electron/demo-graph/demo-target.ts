import neo4j, { type Driver } from 'neo4j-driver';
import { lensHome } from '../app-home';
import { runningServer, type RunningServer } from '../neo4j-server/local-server';
import { LensError } from '../../shared/lens-error';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function sameServer(uri: string, server: RunningServer): boolean {
  try {
    const a = new URL(uri.replace(/^neo4j(\+s|\+ssc)?:/, 'bolt:'));
    const b = new URL(server.boltUri);
    return LOOPBACK.has(a.hostname) && a.port === b.port;
  } catch {
    return false;
  }
}

/**
 * A write-capable driver for the local demo server, and for nothing else: the loader refuses any
 * other URI (a NEO4J_URI pointing elsewhere included), so it can never write to a user's graph.
 */
export function openDemoWriteDriver(
  home: string = lensHome(),
  env: NodeJS.ProcessEnv = process.env,
): { driver: Driver; server: RunningServer } {
  const server = runningServer(home);
  if (!server) {
    throw new LensError('unavailable', 'The local demo server is not running, and the demo loads only into it.', {
      hint: 'Start it with `lens neo4j start`, then run `lens demo load` again.',
    });
  }
  const configured = env.NEO4J_URI?.trim();
  if (configured && !sameServer(configured, server)) {
    throw new LensError(
      'refused',
      `lens demo load writes only to the local demo server (${server.boltUri}); NEO4J_URI points to ${configured}.`,
      {
        hint: 'Unset NEO4J_URI to load the demo; your own graph is never written to.',
      },
    );
  }
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  return { driver, server };
}
