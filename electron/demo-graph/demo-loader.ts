import path from 'node:path';
import { DEMO_CORPUS_SOURCE } from '../../shared/demo-load-messages';
import { lensHome, resourcePath } from '../app-home';
import type { LoadPlan, LoadProblem } from '../corpus/corpus-model';
import type { Embedder } from '../corpus/embedder';
import type { LoadDoor } from '../corpus/markdown-extensions';
import { readMarkdownFolder, type LocalGroupsOf } from '../corpus/markdown-folder';
import { createHashingEmbedder } from '../corpus/hashing-embedder';
import type { DemoLoadSummary } from '../../shared/demo-load-summary';
import { silentProgress, type ProgressSink } from '../../shared/progress-event';
import { ClaimsFile, EntitiesFile, PrincipalsFile, claimsFromFile, entitiesFromFile, readYamlFile } from './demo-extras';
import { openDemoWriteDriver } from './demo-target';
import { acquireLoadLock } from './load-lock';
import { loadWriteFailure } from './load-failure';
import { readyPrincipals } from './ready-principals';
import { writeLoadPlan } from './graph-writer';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { progressEvent } from '../../shared/progress-messages';
import { DEFAULT_ACCESS_POLICY, type AclPrincipal } from '../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';

/** The demo corpus folder and its side files. */
export const DEMO_DIR = resourcePath('demo');

/** Options of `lens demo load`. */
export interface DemoLoadOptions {
  /** A folder of markdown to load instead of the demo corpus. */
  readonly docsDir?: string;
  /** An ACL mapping file for `docsDir`. */
  readonly aclFile?: string;
  /** Extensions read besides `md` and `markdown` (`--ext`), normalised: `md.erb`, `mdx`. */
  readonly extensions?: readonly string[];
  /**
   * Where the options were given: `lens demo load`'s options (the default), or the Connect screen's
   * form (`demo.load`, `demo.reload`), so what the load says names what its reader can change.
   */
  readonly door?: LoadDoor;
  /** The local list's principals (`lens principals import`), whose groups a document's near-miss group is warned of against too. */
  readonly localPrincipals?: () => readonly LocalGroupsOf[];
  readonly home?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly progress?: ProgressSink;
  /**
   * The plan of `docsDir` read already (`planFolderLoad`), so a caller that refused bad input before
   * starting anything does not read the folder twice.
   */
  readonly plan?: LoadPlan;
  /** Absent: hashing-384. `lens demo load` and `demo.start` pass the configured one (LENS_EMBEDDER, else the saved settings). */
  readonly embedder?: Embedder;
}

/** What a load did: one schema in shared/, since `demo.start` hands it through the API. */
export type { DemoLoadSummary };

/** Builds the load plan for the demo corpus (with entities, claims and principals) or for a folder of markdown. */
export function buildLoadPlan(
  options: Pick<DemoLoadOptions, 'docsDir' | 'aclFile' | 'extensions' | 'door' | 'localPrincipals'> = {},
): LoadPlan {
  const docsDir = options.docsDir ? path.resolve(options.docsDir) : path.join(DEMO_DIR, 'corpus');
  const folder = readMarkdownFolder(docsDir, {
    ...(options.aclFile ? { aclFile: options.aclFile } : {}),
    ...(options.extensions ? { extensions: options.extensions } : {}),
    ...(options.door ? { door: options.door } : {}),
    ...(options.localPrincipals ? { localPrincipals: options.localPrincipals } : {}),
  });
  if (options.docsDir) {
    // The principals the ACL mapping defines come first: a workspace they are in gets no reader of the loader's.
    const ready = readyPrincipals(folder.documents, folder.principals);
    return {
      ...folder,
      claims: [],
      entities: [],
      entityLinks: [],
      principals: [...folder.principals, ...ready.added],
      groups: folder.groups,
      readyPrincipals: ready.ready,
      mappingPrincipals: folder.principals,
    };
  }
  // The corpus brings its own principals: ones a mapping defines would be dropped without a word (or clash by id).
  if (options.aclFile && (folder.principals.length > 0 || folder.groups.length > 0))
    throw codedError('invalid_input', serverError('demo_corpus_mapping_people', { file: options.aclFile }), {
      hint: serverError('demo_corpus_mapping_people_hint'),
    });
  const failed: LoadProblem[] = [...folder.failed];
  const entitiesFile = readYamlFile(path.join(DEMO_DIR, 'entities.yaml'), EntitiesFile, 'entities.yaml');
  const { entities, links, problems: entityProblems } = entitiesFromFile(entitiesFile, 'entities.yaml');
  const claimsFile = readYamlFile(path.join(DEMO_DIR, 'claims.yaml'), ClaimsFile, 'claims.yaml');
  const { claims, problems: claimProblems } = claimsFromFile(
    claimsFile,
    folder.documents,
    new Set(entities.map((entity) => entity.id)),
    'claims.yaml',
  );
  const principals = readYamlFile(path.join(DEMO_DIR, 'principals.yaml'), PrincipalsFile, 'principals.yaml');
  failed.push(...entityProblems, ...claimProblems);
  const ready = readyPrincipals(folder.documents, principals.principals);
  return {
    ...folder,
    failed,
    claims,
    entities,
    entityLinks: links,
    principals: [...principals.principals, ...ready.added],
    groups: principals.groups,
    readyPrincipals: ready.ready,
    mappingPrincipals: [],
  };
}

/** How many of a folder's failed files, and apart how many of its skipped files, an error names line by line. */
const FAILED_NAMED = 20;

/**
 * A folder that yields no document is refused before the graph is touched: a load replaces the
 * graph, and an empty folder, a mistyped path's empty copy or a folder whose every file failed
 * would leave it empty. The failures are named, then the files left out on purpose with the option
 * that reads them (a folder of `.adoc` or `.rst` records is all skipped: its error must say `--ext
 * adoc` as a load with one markdown file beside them does), and the graph stays as it was.
 */
function refuseEmptyFolder(plan: LoadPlan, docsDir: string, door: LoadDoor = 'command'): void {
  if (plan.documents.length > 0) return;
  const folder = path.resolve(docsDir);
  const more = (shown: number, total: number) => (total > shown ? [serverError('more_files_not_named', { count: total - shown })] : []);
  throw codedError(
    'invalid_input',
    serverError('docs_folder_nothing_to_load', { folder, failed: plan.failed.length, skipped: plan.skipped.length }),
    {
      hint: serverError(door === 'screen' ? 'docs_folder_nothing_to_load_screen_hint' : 'docs_folder_nothing_to_load_hint'),
      moreProblems: [
        ...plan.failed
          .slice(0, FAILED_NAMED)
          .map((problem) => `${problem.file}${problem.line === null ? '' : `:${problem.line}`}: ${problem.message}`),
        ...more(FAILED_NAMED, plan.failed.length),
        ...plan.skipped.slice(0, FAILED_NAMED).map((skipped) => ({ code: skipped.message_code, params: skipped.message_params })),
        ...more(FAILED_NAMED, plan.skipped.length),
      ],
    },
  );
}

/**
 * Reads a folder of markdown (with its ACL mapping and extensions) into a load plan, refusing before
 * any server is started or graph touched a folder that is missing, not a folder, an unreadable or
 * invalid mapping file, and a folder that yields no document: the `demo.load` operation checks its
 * input with this, then hands the plan to `loadDemo`.
 */
export function planFolderLoad(options: {
  readonly docsDir: string;
  readonly aclFile?: string;
  readonly extensions?: readonly string[];
  readonly door?: LoadDoor;
  readonly localPrincipals?: () => readonly LocalGroupsOf[];
}): LoadPlan {
  const plan = buildLoadPlan(options);
  refuseEmptyFolder(plan, options.docsDir, options.door);
  return plan;
}

/**
 * What a load summary says of the plan itself, before anything is written: the files that failed or
 * were left out, the warnings (English and as codes), the access defaults applied, the ADRs read and
 * the principals ready to ask as.
 */
export function planReport(plan: LoadPlan) {
  return {
    failed: plan.failed,
    warnings: plan.warnings,
    warning_messages: plan.warningMessages,
    skipped: plan.skipped,
    acl_defaults: plan.aclDefaults,
    adrs: plan.adrs,
    ready_principals: plan.readyPrincipals,
    mapping_principals: (plan.mappingPrincipals ?? []).map((principal) => ({
      principal_id: principal.principal_id,
      workspace_id: principal.workspace_id,
      groups: principal.groups,
      acl_partitions: principal.acl_partitions,
      sees: whatPrincipalSees(principal, plan.documents),
    })),
  } satisfies Partial<DemoLoadSummary>;
}

const ACCESS = compileAclToPredicate(DEFAULT_ACCESS_POLICY);

/**
 * The loaded documents a principal may see and, of their chunks, those it may see, judged by the access
 * rule as retrieval judges the graph: so a reviewer sees at once what a mapping's principal reaches (a
 * mistyped group shows as a principal that sees only the public documents).
 */
function whatPrincipalSees(principal: AclPrincipal, documents: LoadPlan['documents']): { documents: number; chunks: number } {
  let seen = 0;
  let chunks = 0;
  for (const doc of documents) {
    if (!ACCESS.document(doc.acl, principal).visible) continue;
    seen += 1;
    chunks += doc.chunks.filter((chunk) => ACCESS.chunk({ acl_partition: chunk.acl_partition }, doc.acl, principal).visible).length;
  }
  return { documents: seen, chunks };
}

/**
 * `lens demo load`: replaces the local demo server's graph with the demo corpus (or `docsDir`),
 * embedded with the configured embedder in its batches, and creates the indexes; after a load that
 * failed while embedding, the same content resumes and only the missing vectors are made. Refuses
 * any other server.
 */
export async function loadDemo(options: DemoLoadOptions = {}): Promise<DemoLoadSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const embedder = options.embedder ?? createHashingEmbedder();
  const home = options.home ?? lensHome();
  const source = options.docsDir ? path.resolve(options.docsDir) : DEMO_CORPUS_SOURCE;
  // One load at a time: a second one (the app's and the CLI's, or two of either) is refused here, before anything is written.
  const lock = acquireLoadLock(home, { door: options.door ?? 'command', source });
  try {
    return await loadHoldingLock(options, home, source, started, progress, embedder);
  } finally {
    lock.release();
  }
}

/** `loadDemo` once it holds the load lock. */
async function loadHoldingLock(
  options: DemoLoadOptions,
  home: string,
  source: string,
  started: number,
  progress: ProgressSink,
  embedder: Embedder,
): Promise<DemoLoadSummary> {
  const { driver, server } = openDemoWriteDriver(home, options.env);
  try {
    progress(options.docsDir ? progressEvent('read', 'read_folder', { folder: options.docsDir }) : progressEvent('read', 'read_demo'));
    const plan = options.plan ?? buildLoadPlan(options);
    if (options.docsDir) refuseEmptyFolder(plan, options.docsDir, options.door);
    const written = await writeLoadPlan(driver, plan, embedder, progress, source).catch((error: unknown) => {
      throw loadWriteFailure(error, { uri: server.boltUri, query: 'demo load', source, door: options.door ?? 'command' });
    });
    return {
      target: server.boltUri,
      source,
      counts: written.counts,
      embedder: written.embedding.embedder,
      embedding: {
        embedded: written.embedding.embedded,
        kept: written.embedding.kept,
        batches: written.embedding.batches,
        resumed: written.resumed,
      },
      ...planReport(plan),
      elapsed_ms: Date.now() - started,
    };
  } finally {
    await driver.close();
  }
}
