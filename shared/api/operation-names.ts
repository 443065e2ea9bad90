/**
 * The names of the API's operations, without their schemas: the preload needs only these (one
 * method each), and must stay small. lens-api.ts checks that its table has exactly these keys.
 */
export const OPERATION_NAMES = [
  'app.info',
  'connect.report',
  'demo.start',
  // Loads a folder of the user's own markdown into the local demo server (lens demo load --docs).
  'demo.load',
  // Replaces the local demo server's graph with the demo corpus again (lens demo load).
  'demo.reload',
  'jobs.get',
  'jobs.cancel',
  'connections.get',
  'connections.save',
  'connections.use',
  'principals.list',
  'principals.remove',
  'query.run',
  'traces.list',
  'traces.get',
  'traces.replay',
  'traces.delete',
  'traces.export',
  'traces.explain',
  // The EXPLAIN plan of a query a stored run ran (issue 15).
  'cypher.explain',
  'graph.provenance',
  'graph.expand',
  'settings.get',
  'settings.set',
  // Compare two principals, or two stored runs (issue 10).
  'compare.run',
  'compare.get',
  'compare.list',
  'compare.graph',
  // The endpoint of mode `provider`: a team's context provider (issue 10).
  'provider.get',
  'provider.save',
  // Stale ADRs: list with freshness, mark and unmark with history, export the marks (issue 11).
  'adr.list',
  'adr.mark',
  'adr.unmark',
  'adr.history',
  'adr.export',
  // Settings: language models, the OpenAI key (write-only), trace retention, the schema profile (issue 12).
  'llm.get',
  'llm.save',
  'llm.key.save',
  'retention.get',
  'retention.save',
  'profile.get',
  'profile.validate',
  'profile.load',
  // The chat model: whether Text2Cypher and the answer preview can run; a stored run's grounded answer preview (issue 12).
  'chat.get',
  'preview.draft',
  'preview.get',
  // Cancels a running query.run by its trace id (issue 13).
  'query.cancel',
  // Quality evaluation on golden sets: run one (a job), list and open the stored ones, compare two (issue 13).
  'eval.run',
  'eval.list',
  'eval.get',
  'eval.compare',
  // Imports a trace bundle from the Traces screen, run by run (issue 15).
  'traces.import',
  // For each of an audit suite's document matches, the criteria no document in the graph matches (one read for all): a check that can never fail.
  'audit.unmatched',
  // Which of some document and chunk ids the graph does not hold: an evaluation's must_not_appear item that guards nothing.
  'graph.missing',
  // The document types the connected graph holds, with their document counts: the Workbench's type filter names them.
  'graph.document_types',
] as const;

/** One operation's name. */
export type OperationName = (typeof OPERATION_NAMES)[number];
