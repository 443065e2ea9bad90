import os from 'node:os';
import path from 'node:path';
import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { DemoLoadInput, DemoStartResult } from '../../shared/api/lens-api';
import type { ProgressSink } from '../../shared/progress-event';
import { explainWhyNot } from '../explain/why-not';
import { unmatchedCriteriaOfEach } from '../explain/match-in-graph';
import { missingInGraph } from '../explain/missing-in-graph';
import { documentTypesInGraph } from '../graph/document-types';
import { explainStoredQuery, explainTimeoutMs } from '../graph/stored-query-plan';
import { buildConnectReport } from '../graph/connect-report';
import { NODE_COUNT } from '../graph/introspection-queries';
import { defineQuery } from '../graph/built-in-query';
import { DEMO_CORPUS_SOURCE } from '../../shared/demo-load-messages';
import { runNotFound, type RunListing } from '../trace-store/store-errors';
import { runAnyContextRequest } from '../provider/request-runner';
import { providerEndpointInUse, providerState, saveProviderEndpoint } from './provider-settings';
import { listPrincipals } from '../retrieval/principal-resolver';
import type { LensHandlers } from './api-dispatch';
import { adrHandlers } from './adr-handlers';
import { compareHandlers } from './compare-handlers';
import { callerOf, evalHandlers } from './eval-handlers';
import { settingsHandlers } from './settings-handlers';
import { applyRetention } from '../trace-store/retention';
import { JobRegistry } from './job-registry';
import { RunningQueries } from './running-queries';
import { previewHandlers } from './preview-handlers';
import { expandProvenanceNode, buildProvenanceGraph } from '../provenance/provenance-graph-builder';
import { profileFromEnv } from '../services/app-services';
import type { ServiceHub } from '../services/service-hub';
import { parseBundleText } from '../trace-store/bundle-import';
import { bundleTextSizeProblem } from '../../shared/trace-import';
import { progressEvent } from '../../shared/progress-messages';
import type { LoadPlan } from '../corpus/corpus-model';
import type { LoadDoor } from '../corpus/markdown-extensions';
import { lensHome } from '../app-home';
import type { RunningServer } from '../neo4j-server/local-server';

/**
 * Starts the local demo server (or reuses it) and loads the demo graph when it holds nothing yet: the
 * `demo.start` job of the Connect screen and of `lens start`.
 */
async function startDemoDatabase(hub: ServiceHub, progress: ProgressSink, door: LoadDoor): Promise<DemoStartResult> {
  // Loaded here, not with the table: the server launcher and the loader (YAML, markdown) are for this job only.
  const { loadDemo } = await import('../demo-graph/demo-loader');
  // The demo replaces whatever connection was chosen before.
  await hub.useProfile(null);
  const home = lensHome(hub.environment());
  const server = await demoServer(hub.environment(), home, progress);
  const count = await hub.gateway().read(NODE_COUNT, {}, { deadline: Deadline.after(15_000), stage: 'demo' });
  let loaded: DemoStartResult['loaded'] = null;
  const empty = Number(count.rows[0]?.count ?? 0) === 0;
  // A load that stopped part way (every loader marks a finished load) is no demo to start on.
  const unfinished = empty ? null : await unfinishedLoad(hub);
  if (empty || unfinished?.demo) {
    progress(progressEvent('load', empty ? 'first_run_load' : 'unfinished_demo_load'));
    // Into the server of the hub's LENS_HOME, the one just started or reused (the process's may name another).
    loaded = await loadDemo({ home, env: hub.environment(), progress, embedder: hub.embedder(), door });
  } else if (unfinished) {
    // A folder of one's own is not replaced unasked: the log says what the graph holds and the two ways back.
    progress(progressEvent('load', 'unfinished_folder_load', { folder: unfinished.source }));
  }
  progress(progressEvent('done', 'demo_ready', {}, 1));
  hub.warmAfterLoad();
  return { server: { version: server.version, bolt_uri: server.boltUri, reused: server.reused }, loaded };
}

/** The load marker every loader writes: its plan hash is set only when the load finished. */
const LOAD_MARKER = defineQuery(
  'demo-load-marker',
  'OPTIONAL MATCH (m:LensLoadInfo) RETURN m IS NOT NULL AS marked, m.plan_hash AS plan_hash, m.source AS source LIMIT 1',
);

/**
 * The load the demo graph holds that did not finish, or null when it holds a finished one: a marker
 * without its plan hash (stopped while embedding), or nodes with no marker at all (stopped while
 * writing, before the marker is written). `demo` when it is the demo corpus's (or cannot be told).
 */
async function unfinishedLoad(hub: ServiceHub): Promise<{ readonly demo: boolean; readonly source: string } | null> {
  const marker = (await hub.gateway().read(LOAD_MARKER, {}, { deadline: Deadline.after(15_000), stage: 'demo' })).rows[0];
  if (marker?.marked === true && typeof marker.plan_hash === 'string') return null;
  const source = typeof marker?.source === 'string' ? marker.source : DEMO_CORPUS_SOURCE;
  return { demo: source === DEMO_CORPUS_SOURCE, source };
}

/**
 * The local demo server of `home`: the one running, as it is — whatever port or version `lens neo4j
 * start` gave it (asking for the defaults would refuse it as another server) — waited for until it
 * answers; else a new one with the defaults. The server launcher is loaded for the demo jobs only.
 */
async function demoServer(env: NodeJS.ProcessEnv, home: string, progress: ProgressSink): Promise<RunningServer> {
  const { runningServer, startLocalServer } = await import('../neo4j-server/local-server');
  const running = runningServer(home);
  const same = running ? { port: Number(new URL(running.boltUri).port), version: running.version } : {};
  return startLocalServer({ env, home, progress, ...same });
}

/** The `demo.reload` job: the demo corpus loaded again into the local demo server, replacing what it held (a folder of one's own). */
async function reloadDemoCorpus(hub: ServiceHub, progress: ProgressSink, door: LoadDoor): Promise<DemoStartResult> {
  const { loadDemo } = await import('../demo-graph/demo-loader');
  await hub.useProfile(null);
  const env = hub.environment();
  const home = lensHome(env);
  const server = await demoServer(env, home, progress);
  const loaded = await loadDemo({ home, env, progress, embedder: hub.embedder(), door });
  progress(progressEvent('done', 'demo_reloaded', {}, 1));
  hub.warmAfterLoad();
  return { server: { version: server.version, bolt_uri: server.boltUri, reused: server.reused }, loaded };
}

/** The refusal of a demo operation when NEO4J_URI names a graph: the app writes only to its local demo server. */
function refuseDemoWithUri(hub: ServiceHub, message: 'demo_with_uri' | 'demo_load_with_uri'): void {
  if (hub.environment().NEO4J_URI) {
    throw codedError('refused', serverError(message), { hint: serverError('demo_with_uri_hint') });
  }
}

/**
 * The refusal of a load while another is writing into the demo server (the CLI's, or this app's):
 * said at once, rather than as a job that fails. The load itself takes the lock (load-lock.ts).
 */
async function refuseWhileLoading(hub: ServiceHub, door: LoadDoor): Promise<void> {
  const { loadLockFile, loadRunning, runningLoad } = await import('../demo-graph/load-lock');
  const home = lensHome(hub.environment());
  const held = runningLoad(home);
  if (held) throw loadRunning(held, loadLockFile(home), door);
}

/**
 * A path typed on the Connect screen as the loader reads it: `~/` is the home folder, and anything
 * else must be a full path (relative to what? the host's working folder is nothing the user sees).
 */
function typedPath(typed: string, what: 'docs_what_folder' | 'docs_what_acl'): string {
  const trimmed = typed.trim();
  // The system refuses such a path with a code of its own (ERR_INVALID_ARG_VALUE), or it read as a folder that does not exist.
  if (trimmed.includes('\0')) {
    throw codedError('invalid_input', serverError('docs_path_nul', { path: trimmed.replaceAll('\0', '␀'), what: [serverError(what)] }), {
      hint: serverError('docs_path_nul_hint'),
    });
  }
  const expanded = trimmed === '~' || trimmed.startsWith('~/') ? path.join(os.homedir(), trimmed.slice(1)) : trimmed;
  if (!path.isAbsolute(expanded)) {
    throw codedError('invalid_input', serverError('docs_path_not_absolute', { path: trimmed, what: [serverError(what)] }), {
      hint: serverError('docs_path_not_absolute_hint'),
    });
  }
  return path.resolve(expanded);
}

/**
 * The `demo.load` job: starts the local demo server (or reuses it) and replaces its graph with the
 * folder's plan, read and checked already, through the loader `lens demo load --docs` uses.
 */
async function loadFolderIntoDemo(
  hub: ServiceHub,
  folder: {
    readonly docsDir: string;
    readonly aclFile?: string;
    readonly extensions: readonly string[];
    readonly plan: LoadPlan;
    readonly door: LoadDoor;
  },
  progress: ProgressSink,
): Promise<DemoStartResult> {
  const { loadDemo } = await import('../demo-graph/demo-loader');
  // As demo.start: the demo replaces whatever connection was chosen before.
  await hub.useProfile(null);
  const env = hub.environment();
  const home = lensHome(env);
  const server = await demoServer(env, home, progress);
  const loaded = await loadDemo({ ...folder, home, env, progress, embedder: hub.embedder() });
  progress(progressEvent('done', 'folder_loaded', { folder: folder.docsDir }, 1));
  hub.warmAfterLoad();
  return { server: { version: server.version, bolt_uri: server.boltUri, reused: server.reused }, loaded };
}

/** The API implemented once, for every door. */
export function createLensHandlers(hub: ServiceHub, door: 'ipc' | 'http' | 'cli', version: string): LensHandlers {
  const jobs = new JobRegistry();
  // A run not kept is said with where this door's user finds the kept ones: `lens traces list`, or the Traces screen.
  const listing: RunListing = door === 'cli' ? 'command' : 'screen';
  // A load's options are named as this door's user gives them: `--ext`, `--acl`, or the Connect form's fields.
  const loadDoor: LoadDoor = door === 'cli' ? 'command' : 'screen';
  const running = new RunningQueries();
  // Every run of every operation is run and recorded here, once; a request naming its trace id can be cancelled while it runs.
  const recordRun = async (request: Record<string, unknown>, replayOf: string | null) => {
    const services = hub.services();
    const traceId = typeof request.trace_id === 'string' && request.trace_id.length > 0 ? request.trace_id : null;
    const { response, run } = await running.track(
      traceId,
      (signal) => runAnyContextRequest(request, services.deps, () => providerEndpointInUse(hub), signal),
      (result) => result.response.outcome === 'cancelled',
    );
    const stored = services.store.recordRun({ ...run, replay_of: replayOf });
    // The retention rule (Settings) is kept as runs come in, not only when the store opens.
    applyRetention(services.store);
    return { response, stored };
  };
  const runAndRecord = async (request: Record<string, unknown>, replayOf: string | null) => {
    const { response, stored } = await recordRun(request, replayOf);
    return { response, principal: stored.principal, replay_of: replayOf };
  };

  const table: LensHandlers = {
    'app.info': async () => ({ version, door, graph_uri: hub.graphUri() }),

    'provider.get': async () => providerState(hub),

    'provider.save': async (input) => saveProviderEndpoint(hub, input),

    // The report reads the graph only: it opens no trace store (`lens connect` writes nothing to LENS_HOME).
    'connect.report': async () => {
      const profile = profileFromEnv(hub.environment());
      return buildConnectReport(hub.gateway(), profile.schema, hub.embedder(), undefined, profile.accessPolicy);
    },

    'demo.start': async () => {
      refuseDemoWithUri(hub, 'demo_with_uri');
      return { job_id: jobs.start((progress) => startDemoDatabase(hub, progress, loadDoor)) };
    },

    'demo.load': async (input: DemoLoadInput) => {
      refuseDemoWithUri(hub, 'demo_load_with_uri');
      const docsDir = typedPath(input.docs, 'docs_what_folder');
      const aclFile = input.acl === undefined || input.acl.trim() === '' ? undefined : typedPath(input.acl, 'docs_what_acl');
      const [{ normaliseExtensions }, { planFolderLoad }] = await Promise.all([
        import('../corpus/markdown-extensions'),
        import('../demo-graph/demo-loader'),
      ]);
      const extensions = normaliseExtensions(input.ext ?? [], loadDoor);
      await refuseWhileLoading(hub, loadDoor);
      // Read and checked before the job starts: a missing or empty folder, or a bad mapping, is refused here and the graph is untouched.
      // The local list's principals too: a document's group that misses an imported principal's by case is warned of.
      const localPrincipals = () => hub.store().listPrincipals();
      const plan = planFolderLoad({ docsDir, ...(aclFile ? { aclFile } : {}), extensions, door: loadDoor, localPrincipals });
      const folder = { docsDir, ...(aclFile ? { aclFile } : {}), extensions, plan, door: loadDoor };
      return { job_id: jobs.start((progress) => loadFolderIntoDemo(hub, folder, progress)) };
    },

    'demo.reload': async () => {
      refuseDemoWithUri(hub, 'demo_load_with_uri');
      await refuseWhileLoading(hub, loadDoor);
      return { job_id: jobs.start((progress) => reloadDemoCorpus(hub, progress, loadDoor)) };
    },

    'jobs.get': async ({ job_id }) => {
      const status = jobs.get(job_id);
      if (!status) throw codedError('not_found', serverError('no_job', { id: job_id }));
      return status;
    },

    'jobs.cancel': async ({ job_id }) => {
      const status = jobs.cancel(job_id);
      if (!status) throw codedError('not_found', serverError('no_job', { id: job_id }));
      return status;
    },

    'connections.get': async () => hub.connectionState(),

    'connections.save': async ({ password, ...profile }) => {
      hub.saveProfile(profile, password);
      return hub.connectionState();
    },

    'connections.use': async ({ profile_id }) => {
      await hub.useProfile(profile_id);
      return hub.connectionState();
    },

    'principals.list': async () => {
      const services = hub.services();
      return listPrincipals(services.store, services.gateway, services.deps.profile, Deadline.after(10_000));
    },

    'principals.remove': async ({ principal_id }) => {
      // Only the local list is touched; the graph is never written, so its principal simply shows again.
      const store = hub.store();
      const removed = store.getPrincipal(principal_id);
      if (!removed || !store.deletePrincipal(principal_id)) {
        throw codedError('not_found', serverError('no_local_principal', { id: principal_id }), {
          hint: serverError('no_local_principal_hint'),
        });
      }
      return { removed };
    },

    'query.run': async ({ request }) => runAndRecord(request, null),

    'query.cancel': async ({ trace_id }) => running.cancel(trace_id, (id) => hub.store().getRun(id) !== null),

    'traces.list': async (filter) => {
      const store = hub.store();
      return { total: store.countRuns(filter), runs: store.listRuns(filter) };
    },

    'traces.get': async ({ trace_id }) => {
      const run = hub.store().getRun(trace_id);
      if (!run) throw runNotFound(trace_id, listing);
      return run;
    },

    'traces.replay': async ({ trace_id }) => {
      const run = hub.store().getRun(trace_id);
      if (!run) throw runNotFound(trace_id, listing);
      // A replay runs the same request as the same principal (its snapshot), under a new trace id.
      const { trace_id: _old, ...request } = run.request as Record<string, unknown>;
      return runAndRecord({ ...request, principal: run.principal }, trace_id);
    },

    'traces.delete': async ({ trace_ids }) => {
      const store = hub.store();
      // Each id once: an id given twice is one run, neither deleted twice nor said to be missing the second time.
      const ids = [...new Set(trace_ids)];
      const not_found = ids.filter((id) => !store.deleteRun(id));
      return { deleted: ids.length - not_found.length, not_found };
    },

    'traces.export': async ({ trace_ids }) => hub.store().exportRuns(trace_ids, listing),
    'traces.import': async ({ content, file_name }) => {
      const file = file_name ?? 'The chosen file';
      // In bytes of UTF-8, as the Traces screen measures the picked file (it had been counted in characters here).
      const tooLarge = bundleTextSizeProblem(file, content);
      if (tooLarge) throw tooLarge;
      return hub.store().importBundleRuns(parseBundleText(content, file));
    },

    'traces.explain': async (input) => explainWhyNot({ ...hub.services(), runListing: listing }, input),

    'cypher.explain': async ({ trace_id, index, timeout_ms }) => {
      const run = hub.store().getRun(trace_id);
      if (!run) throw runNotFound(trace_id, listing);
      return explainStoredQuery(hub.gateway(), run, index, Deadline.after(explainTimeoutMs(run, timeout_ms)));
    },

    'graph.provenance': async (input) => buildProvenanceGraph(hub.services(), input),

    'graph.expand': async (input) => expandProvenanceNode(hub.services(), input),

    'audit.unmatched': async ({ matches }) => {
      const services = hub.services();
      return { unmatched: await unmatchedCriteriaOfEach(services.gateway, services.deps.profile, matches) };
    },

    'graph.missing': async (ids) => {
      const services = hub.services();
      return missingInGraph(services.gateway, services.deps.profile, ids);
    },

    'graph.document_types': async () => {
      const services = hub.services();
      return documentTypesInGraph(services.gateway, services.deps.profile);
    },

    ...compareHandlers(hub, async (request) => (await recordRun(request, null)).stored, listing),

    ...adrHandlers(hub),

    ...settingsHandlers(hub),
    ...previewHandlers(hub, listing),
    // The evaluation's runs go back through the table (dispatch), as the CLI's and the screens' do.
    ...evalHandlers(
      hub,
      jobs,
      callerOf(() => table),
    ),
  };
  return table;
}
