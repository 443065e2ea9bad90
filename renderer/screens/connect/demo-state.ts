import type { ConnectionState } from '../../../shared/api/lens-api';
import type { ConnectReport } from '../../../shared/connect-report';
import { DEMO_CORPUS_SOURCE } from '../../../shared/demo-load-messages';

/** The demo database when it is the connection in use and answered the connect report: where, and what it holds. */
export interface DemoInUse {
  readonly uri: string;
  readonly nodes: number;
  readonly relationships: number;
  readonly documents: number;
  /**
   * What the app's loader last put in it: the demo corpus, a folder of one's own (its path), either
   * stopped part way; null when the graph carries no load marker (an older report, another writer).
   */
  readonly holds: { readonly kind: 'demo' | 'folder'; readonly folder: string; readonly finished: boolean } | null;
}

/**
 * The demo database in use, or null when Connect should offer to start it: the connection is not the
 * demo's, or the report did not come back from it (the server is stopped or unreachable).
 */
export function demoInUse(active: ConnectionState['active'] | null, report: ConnectReport | null): DemoInUse | null {
  if (active?.source !== 'demo' || !report) return null;
  const documents = report.schema.labels.find((entry) => entry.label === 'Document')?.count ?? 0;
  const loaded = report.schema.loaded_from ?? null;
  const holds = loaded
    ? {
        kind: loaded.source === DEMO_CORPUS_SOURCE ? ('demo' as const) : ('folder' as const),
        folder: loaded.source,
        finished: loaded.finished,
      }
    : null;
  return { uri: report.uri, nodes: report.schema.node_count, relationships: report.schema.relationship_count, documents, holds };
}
