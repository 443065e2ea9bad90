import neo4j, { type Driver } from 'neo4j-driver';
import { lensHome } from '../app-home';
import { runningServer, type RunningServer } from '../neo4j-server/local-server';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';

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
    throw codedError('unavailable', serverError('demo_server_not_running'), { hint: serverError('demo_server_not_running_hint') });
  }
  const configured = env.NEO4J_URI?.trim();
  if (configured && !sameServer(configured, server)) {
    throw codedError('refused', serverError('demo_load_elsewhere', { server: server.boltUri, configured }), {
      hint: serverError('demo_load_elsewhere_hint'),
    });
  }
  const driver = neo4j.driver(server.boltUri, neo4j.auth.basic(server.user, server.password), {
    logging: { level: 'error', logger: () => undefined },
  });
  return { driver, server };
}
