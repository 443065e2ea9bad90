import type { ConnectionState } from '../../../shared/api/lens-api';
import type { ConnectReport } from '../../../shared/connect-report';

/** The demo database when it is the connection in use and answered the connect report: where, and what it holds. */
export interface DemoInUse {
  readonly uri: string;
  readonly nodes: number;
  readonly relationships: number;
  readonly documents: number;
}

/**
 * The demo database in use, or null when Connect should offer to start it: the connection is not the
 * demo's, or the report did not come back from it (the server is stopped or unreachable).
 */
export function demoInUse(active: ConnectionState['active'] | null, report: ConnectReport | null): DemoInUse | null {
  if (active?.source !== 'demo' || !report) return null;
  const documents = report.schema.labels.find((entry) => entry.label === 'Document')?.count ?? 0;
  return { uri: report.uri, nodes: report.schema.node_count, relationships: report.schema.relationship_count, documents };
}
