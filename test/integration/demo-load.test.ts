import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DemoStartResult } from '../../shared/api/lens-api';
import { wordCore } from '../../shared/core-catalogues';
import type { ProgressEvent } from '../../shared/progress-event';
import type { LoadPlan } from '../../electron/corpus/corpus-model';
import { buildLoadPlan, loadDemo } from '../../electron/demo-graph/demo-loader';
import { acquireLoadLock, loadLockFile } from '../../electron/demo-graph/load-lock';
import { ensureDemoGraph, fixtureDriver, useDemoDriver } from '../support/demo-graph';
import { EDGE_CASES, PNG_SKIPPED } from '../support/loader-edge-cases';
import { ask, retrievalDeps } from '../support/retrieval-deps';
import { runLens } from '../support/run-lens';
import { useTempFolders } from '../support/temp-folders';
import { GOVUK_ADR_DIR, REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');

async function rows(driver: Driver, text: string, params: Record<string, unknown> = {}) {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    return (await session.run(text, params)).records.map((record) => record.toObject());
  } finally {
    await session.close();
  }
}

/** A fixture driver for a block that replaces the demo graph; the demo graph is loaded back after the block. */
function driverRestoringDemo(): () => Driver {
  let driver: Driver | undefined;
  beforeAll(() => {
    driver = fixtureDriver(server);
  });
  afterAll(async () => {
    await driver?.close();
    await ensureDemoGraph(server);
  });
  return () => driver as Driver;
}

const toNumber = (value: unknown) => (neo4j.isInt(value) ? (value as { toNumber(): number }).toNumber() : Number(value));

describe('the demo graph in Neo4j', () => {
  const driver = useDemoDriver(server);
  let plan: LoadPlan;

  beforeAll(() => {
    plan = buildLoadPlan();
  });

  it('holds exactly what the load plan holds', async () => {
    const [counts] = await rows(
      driver(),
      `CALL { MATCH (d:Document) RETURN count(d) AS documents } CALL { MATCH (c:Chunk)-[:PART_OF]->(:Document) RETURN count(c) AS chunks }
       CALL { MATCH (c:Claim) RETURN count(c) AS claims } CALL { MATCH (:Claim)-[:SUPPORTED_BY]->(e:Evidence)-[:LOCATED_IN]->(:Chunk) RETURN count(e) AS evidence }
       CALL { MATCH (p:Principal) RETURN count(p) AS principals } CALL { MATCH (:ADR)-[s:SUPERSEDED_BY]->(:ADR) RETURN count(s) AS supersessions }
       RETURN documents, chunks, claims, evidence, principals, supersessions`,
    );
    expect(Object.fromEntries(Object.entries(counts ?? {}).map(([key, value]) => [key, toNumber(value)]))).toEqual({
      documents: plan.documents.length,
      chunks: plan.documents.reduce((sum, doc) => sum + doc.chunks.length, 0),
      claims: plan.claims.length,
      evidence: plan.claims.reduce((sum, claim) => sum + claim.evidence.length, 0),
      principals: plan.principals.length,
      supersessions: plan.supersessions.length,
    });
  });

  it('stores evidence spans that point exactly into their chunk text', async () => {
    const evidence = await rows(
      driver(),
      'MATCH (e:Evidence)-[:LOCATED_IN]->(c:Chunk) RETURN e.evidence_id AS id, e.quote AS quote, e.start_char AS start, e.end_char AS end, c.text AS text',
    );
    expect(evidence.length).toBeGreaterThan(50);
    for (const ev of evidence) expect((ev.text as string).slice(toNumber(ev.start), toNumber(ev.end)), ev.id as string).toBe(ev.quote);
  });

  it('stores a 384-dimension embedding on every chunk and records the embedder', async () => {
    const [info] = await rows(
      driver(),
      'MATCH (c:Chunk) WITH collect(size(c.embedding)) AS sizes MATCH (m:LensEmbeddingInfo) RETURN sizes, m.embedder AS embedder, m.kind AS kind, m.dimensions AS dimensions',
    );
    expect(new Set((info?.sizes as unknown[]).map(toNumber))).toEqual(new Set([384]));
    expect({ embedder: info?.embedder, kind: info?.kind, dimensions: toNumber(info?.dimensions) }).toEqual({
      embedder: 'hashing-384',
      kind: 'lexical',
      dimensions: 384,
    });
  });

  it('keeps the drift case: the older ADR says Accepted, only the newer one says it is superseded', async () => {
    const drift = await rows(
      driver(),
      'MATCH (old:ADR)-[s:SUPERSEDED_BY {drift: true}]->(new:ADR) RETURN old.status AS status, s.stated_in AS stated, old.superseded_by AS successor, new.document_id AS newer',
    );
    expect(drift.length).toBeGreaterThanOrEqual(1);
    for (const row of drift) {
      expect(row.status).toBe('accepted');
      expect(row.stated).toEqual(['new_body']);
      expect(row.successor).toBe(row.newer);
    }
  });

  it('marks a partial supersession on the older ADR', async () => {
    const partial = await rows(
      driver(),
      "MATCH (old:ADR {supersession: 'partial'})-[s:SUPERSEDED_BY]->(new:ADR) RETURN s.partial AS partial, old.superseded_by AS successor, new.document_id AS newer",
    );
    expect(partial.length).toBeGreaterThanOrEqual(1);
    expect(partial.every((row) => row.partial === true && row.successor === row.newer)).toBe(true);
  });

  it('links principals to their groups and claims to entities', async () => {
    const [links] = await rows(
      driver(),
      'CALL { MATCH (:Principal)-[m:MEMBER_OF]->(:Group) RETURN count(m) AS memberships } CALL { MATCH (:Claim)-[a:ABOUT]->(n) RETURN count(a) AS about, collect(DISTINCT labels(n)[0]) AS labels } RETURN memberships, about, labels',
    );
    expect(toNumber(links?.memberships)).toBe(plan.principals.reduce((sum, p) => sum + p.groups.length, 0));
    expect(toNumber(links?.about)).toBe(plan.claims.reduce((sum, claim) => sum + claim.about.length, 0));
    expect(links?.labels).toContain('Service');
  });

  it('stores document instants as datetimes so freshness can compare them', async () => {
    const [row] = await rows(
      driver(),
      "MATCH (d:Document) WHERE d.valid_to IS NOT NULL AND d.valid_to < datetime('2026-12-01T00:00:00Z') RETURN count(d) AS expired",
    );
    expect(toNumber(row?.expired)).toBeGreaterThanOrEqual(2);
  });
});

describe.skipIf(!server.local || !fs.existsSync(GOVUK_ADR_DIR))(
  `loading the govuk-aws-adr folder with --docs (skipped without a local server or without ${GOVUK_ADR_DIR})`,
  () => {
    const driver = driverRestoringDemo();

    it('writes 0004 superseded by 0015, and 0003 partly superseded by 0033 and 0010 amended by 0017 (partial)', async () => {
      const summary = await loadDemo({ docsDir: GOVUK_ADR_DIR, home: server.home, env: {} });
      expect(summary.failed).toEqual([]);
      expect(summary.counts.adrs).toBe(38);
      expect(summary.adrs.recognised).toBe(38);
      const edges = await rows(
        driver(),
        'MATCH (old:ADR)-[s:SUPERSEDED_BY]->(new:ADR) RETURN old.adr_id AS old, new.adr_id AS new, s.partial AS partial, old.status AS status ORDER BY old',
      );
      expect(edges).toEqual([
        { old: 'ADR-0003', new: 'ADR-0033', partial: true, status: 'partly_superseded' },
        { old: 'ADR-0004', new: 'ADR-0015', partial: false, status: 'superseded' },
        { old: 'ADR-0010', new: 'ADR-0017', partial: true, status: 'accepted' },
      ]);
    });

    it('stores the status as written beside the mapped one, and the decision date', async () => {
      const [row] = await rows(
        driver(),
        "MATCH (d:ADR {adr_id: 'ADR-0010'}) RETURN d.status AS status, d.status_raw AS raw, d.status_text AS text, toString(date(d.decided_at)) AS decided, d.dated_by AS dated_by",
      );
      expect(row).toEqual({
        status: 'accepted',
        raw: 'Accepted',
        text: 'Accepted\nAmended by [17. Terraform Data Structure](0017-terraform-data-structure.md)',
        decided: '2017-07-04',
        dated_by: 'decision',
      });
    });

    it('writes a ready principal for the workspace, and the first query runs as it with no principal file', async () => {
      const [principal] = await rows(
        driver(),
        'MATCH (p:Principal) RETURN p.principal_id AS id, p.workspace_id AS workspace, [(p)-[:MEMBER_OF]->(g) | g.group_id] AS groups',
      );
      expect(principal).toEqual({ id: 'default-reader', workspace: 'default', groups: [] });
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-ready-'));
      try {
        const env = { LENS_HOME: home, NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
        const run = await runLens(
          ['query', 'terraform directory structure', '--as', 'default-reader', '--mode', 'fulltext', '--timeout-ms', '60000', '--json'],
          env,
        );
        expect(run.code, run.stderr).toBe(0);
        const response = JSON.parse(run.stdout) as { outcome: string; items: Array<{ document_id: string }> };
        expect(response.outcome).toBe('ok');
        expect(response.items.map((item) => item.document_id)).toContain('0010-terraform-directory-structure');
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    });
  },
);

describe.skipIf(!server.local)(
  'lens demo load --docs on files that need care (skipped without a local server: it drives the local server)',
  () => {
    const edgeCases = EDGE_CASES;
    const driver = driverRestoringDemo();

    it('stores partial access fields as restricted or private, skips the binary file, and names every default and skip in --json', async () => {
      const run = await runLens(['demo', 'load', '--docs', edgeCases, '--json'], { LENS_HOME: server.home });
      // Two documents have access fields of the wrong type: a partial load, exit code 2.
      expect(run.code, run.stderr).toBe(2);
      const summary = JSON.parse(run.stdout);
      expect(summary.acl_defaults).toEqual({
        visibility_restricted: { count: 2, files: ['groups-no-visibility.md', 'partition-only.md'] },
        visibility_private: { count: 1, files: ['owner-no-visibility.md'] },
        workspace_default: { count: 1, files: ['partition-only.md'] },
        no_acl_public: { count: 3, files: ['latin1.md', 'no-acl.md', 'README.md'] },
      });
      expect(summary.skipped).toEqual([PNG_SKIPPED]);
      expect(summary.failed.map((f: { file: string }) => f.file).sort()).toEqual(['groups-string.md', 'visibility-list.md']);
      expect(summary.ready_principals.map((r: { principal_id: string }) => r.principal_id)).toEqual(['default-reader', 'ws-acme-reader']);
      // The server is then warmed for the first queries on the graph just loaded, as the app does after a load.
      expect(summary.warm).toMatchObject({ complete: true });
      expect(summary.warm.runs).toBeGreaterThan(0);

      const stored = await rows(
        driver(),
        'MATCH (d:Document) RETURN d.document_id AS id, d.workspace_id AS workspace, d.visibility AS visibility ORDER BY id',
      );
      expect(stored).toEqual([
        { id: 'README', workspace: 'default', visibility: 'public' },
        { id: 'complete-acl', workspace: 'ws-acme', visibility: 'public' },
        { id: 'groups-no-visibility', workspace: 'ws-acme', visibility: 'restricted' },
        { id: 'latin1', workspace: 'default', visibility: 'public' },
        { id: 'no-acl', workspace: 'default', visibility: 'public' },
        { id: 'owner-no-visibility', workspace: 'ws-acme', visibility: 'private' },
        { id: 'partition-only', workspace: 'default', visibility: 'restricted' },
      ]);
    });

    it("passes a summary with failures, skips and access defaults through the API's schema unchanged (demo.start hands it to lens start)", async () => {
      const summary = JSON.parse(JSON.stringify(await loadDemo({ docsDir: edgeCases, home: server.home, env: {} }))) as unknown;
      expect(summary).toMatchObject({ failed: [{}, {}], skipped: [{ reason: 'binary' }] });
      const result = DemoStartResult.parse({ server: { version: server.version, bolt_uri: server.uri, reused: true }, loaded: summary });
      expect(result.loaded).toStrictEqual(summary);
    });

    it('reports each step of the load with its progress code beside the English message the CLI prints', async () => {
      const events: ProgressEvent[] = [];
      await loadDemo({ docsDir: edgeCases, home: server.home, env: {}, progress: (event) => events.push(event) });
      expect(events[0]).toMatchObject({ phase: 'read', message: `Reading ${edgeCases}…`, said: { code: 'progress:read_folder' } });
      expect(new Set(events.map((event) => event.phase))).toEqual(new Set(['read', 'wipe', 'chunks', 'embed', 'indexes']));
      for (const event of events) {
        expect(event.said, event.message).toBeDefined();
        expect(wordCore(event.said!, 'en')).toBe(event.message);
        expect(wordCore(event.said!, 'ko')).toMatch(/[\uac00-\ud7a3]/);
      }
    });
  },
);

describe.skipIf(!server.local)(
  'lens demo load --docs --ext on markdown run through a template (skipped without a local server: it drives the local server)',
  () => {
    const templated = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions', 'templated');
    const driver = driverRestoringDemo();

    it('reads the .md.erb file it was told to, without its ERB tags, and still names the .mdx it was not', async () => {
      const run = await runLens(['demo', 'load', '--docs', templated, '--ext', 'md.erb', '--no-warm', '--json'], {
        LENS_HOME: server.home,
      });
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout);
      expect(summary.warm).toBeNull();
      expect(summary.skipped.map((s: { file: string }) => s.file)).toEqual(['notes.mdx']);
      const chunks = await rows(
        driver(),
        "MATCH (c:Chunk)-[:PART_OF]->(:ADR {document_id: 'guide.html'}) RETURN c.text AS text ORDER BY c.position",
      );
      const text = chunks.map((c) => String(c.text)).join('\n');
      expect(text).toContain('We deploy with the pipeline after an approval.');
      expect(text).not.toContain('<%');
    });
  },
);

describe.skipIf(!server.local)(
  'lens demo load --docs on a folder with nothing to load (skipped without a local server: it drives the local server)',
  () => {
    const driver = driverRestoringDemo();
    const { folderWith } = useTempFolders('lens-nothing-');
    const documentCount = async () => toNumber((await rows(driver(), 'MATCH (d:Document) RETURN count(d) AS n'))[0]?.n);

    it('refuses an empty folder and one whose every file failed, naming the failures, and leaves the graph as it was', async () => {
      await ensureDemoGraph(server);
      const before = await documentCount();
      expect(before).toBeGreaterThan(0);
      const empty = await runLens(['demo', 'load', '--docs', folderWith({})], { LENS_HOME: server.home });
      expect(empty.code, empty.stderr).toBe(2);
      expect(empty.stderr).toContain('holds no document to load (0 file(s) failed, 0 skipped); the graph is left as it was.');
      const broken = folderWith({ 'a.md': '---\nvisibility: [public]\n---\n# A\n', 'b.md': '---\ntitle: [\n---\n# B\n' });
      const failed = await runLens(['demo', 'load', '--docs', broken], { LENS_HOME: server.home });
      expect(failed.code, failed.stderr).toBe(2);
      expect(failed.stderr).toContain('(2 file(s) failed, 0 skipped)');
      expect(failed.stderr).toContain('a.md');
      expect(failed.stderr).toContain('b.md');
      expect(await documentCount()).toBe(before);
    });
  },
);

describe.skipIf(!server.local)(
  'one load at a time into the local demo server (skipped without a local server: it drives the local server)',
  () => {
    const driver = driverRestoringDemo();
    const documentCount = async () => toNumber((await rows(driver(), 'MATCH (d:Document) RETURN count(d) AS n'))[0]?.n);

    it('refuses a second load started while the first writes, and the first completes', async () => {
      const first = loadDemo({ home: server.home, env: {} });
      const second = loadDemo({ home: server.home, env: {} });
      await expect(second).rejects.toMatchObject({ kind: 'conflict', said: { code: 'error_server:demo_load_running' } });
      const loaded = await first;
      expect(await documentCount()).toBe(loaded.counts.documents);
      expect(fs.existsSync(loadLockFile(server.home))).toBe(false);
    });

    it('refuses `lens demo load` while the app loads, with exit code 8, and leaves the graph to the load that runs', async () => {
      await ensureDemoGraph(server);
      const before = await documentCount();
      const appLoad = acquireLoadLock(server.home, { door: 'screen', source: '/home/me/adrs' });
      try {
        const run = await runLens(['demo', 'load', '--docs', EDGE_CASES], { LENS_HOME: server.home });
        expect(run.code, run.stderr).toBe(8);
        expect(run.stderr).toContain(
          `Another load into the local demo server is running: /home/me/adrs, started at ${appLoad.holder.started_at} from the app (process ${process.pid}).`,
        );
        expect(run.stderr).toContain('run lens demo load again');
      } finally {
        appLoad.release();
      }
      expect(await documentCount()).toBe(before);
    });
  },
);

describe.skipIf(!server.local)(
  'lens demo load --docs with principals in the ACL mapping (skipped without a local server: it drives the local server)',
  () => {
    const driver = driverRestoringDemo();
    const { folderWith } = useTempFolders('lens-mapping-principals-');

    it('writes the HR member and the guest the mapping defines, and the HR member sees the HR chunks the guest does not', async () => {
      const docs = folderWith({
        'hr/pay-bands.md': '# Pay bands\n\nThe salary bands are reviewed each spring by the people team.\n',
        'hr/parental-leave.md':
          '# Parental leave\n\nParental leave salary is paid in full for twenty weeks; the people team approves it.\n',
        'handbook.md': '# Handbook\n\nQuestions about salary go to the people team.\n',
      });
      const acl = path.join(
        folderWith({
          'acl.yaml':
            'defaults: { workspace_id: ws-acme, visibility: public }\n' +
            'files:\n  "hr/**": { visibility: restricted, allowed_groups: [g-hr], acl_partition: hr }\n' +
            'groups:\n  - { group_id: g-hr, name: People team }\n' +
            'principals:\n' +
            '  - { principal_id: hana, display_name: Hana, groups: [g-hr], acl_partitions: [hr] }\n' +
            '  - { principal_id: guest, display_name: Guest }\n',
        }),
        'acl.yaml',
      );
      const summary = await loadDemo({ docsDir: docs, aclFile: acl, home: server.home, env: {} });
      expect(summary.failed).toEqual([]);
      expect(summary.warnings).toEqual([]);
      expect(summary.ready_principals).toEqual([{ workspace_id: 'ws-acme', principal_id: 'guest', created: false, public_documents: 1 }]);
      const stored = await rows(
        driver(),
        'MATCH (p:Principal) RETURN p.principal_id AS id, p.workspace_id AS workspace, p.acl_partitions AS partitions, [(p)-[:MEMBER_OF]->(g:Group) | g.group_id] AS groups ORDER BY id',
      );
      expect(stored).toEqual([
        { id: 'guest', workspace: 'ws-acme', partitions: [], groups: [] },
        { id: 'hana', workspace: 'ws-acme', partitions: ['hr'], groups: ['g-hr'] },
      ]);

      const deps = retrievalDeps(server);
      try {
        const seen = async (principal: string) => {
          const { response } = await ask(deps, { query: 'salary people team', principal, mode: 'fulltext' });
          expect(response.outcome, principal).toBe('ok');
          return response.items.map((item) => item.document_id).sort();
        };
        expect(await seen('hana')).toEqual(['handbook', 'hr--parental-leave', 'hr--pay-bands']);
        expect(await seen('guest')).toEqual(['handbook']);
      } finally {
        await deps.close();
      }
    }, 180_000);
  },
);

const PLATFORM_ADR = 'https://github.com/example-org/platform/blob/main/docs/adr';

describe.skipIf(!server.local)(
  'a record superseded by something outside the decision records (skipped without a local server: it drives the local server)',
  () => {
    const driver = driverRestoringDemo();

    it('stores the successor it names (a pull request, an RFC, a web page) on its document, and a run names it as the reason it is stale', async () => {
      const docs = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions', 'outside-successors');
      const summary = await loadDemo({ docsDir: docs, home: server.home, env: {} });
      expect(summary.failed).toEqual([]);
      const stored = await rows(
        driver(),
        'MATCH (d:ADR) RETURN d.adr_id AS adr, d.status AS status, d.successor_outside AS outside, d.supersession AS extent ORDER BY adr',
      );
      expect(stored).toEqual([
        { adr: 'ADR-0001', status: 'superseded', outside: 'PR #123', extent: 'full' },
        { adr: 'ADR-0002', status: 'superseded', outside: 'https://github.com/example-org/handbook/pull/12', extent: 'full' },
        { adr: 'ADR-0003', status: 'superseded', outside: 'RFC-7', extent: 'full' },
        { adr: 'ADR-0004', status: 'superseded', outside: 'https://github.com/example-org/platform/pull/88', extent: 'full' },
        // Superseded by ADR-0006, a record of the folder: its edge sets the extent.
        { adr: 'ADR-0005', status: 'superseded', outside: null, extent: 'full' },
        { adr: 'ADR-0006', status: 'accepted', outside: null, extent: null },
        // Partly superseded by another repository's record: still accepted, stale in part.
        { adr: 'ADR-0007', status: 'accepted', outside: `${PLATFORM_ADR}/0012-shared-cache-keys.md`, extent: 'partial' },
      ]);

      const deps = retrievalDeps(server);
      try {
        const { response } = await ask(deps, { query: 'Airbnb ESLint config', principal: 'default-reader', mode: 'fulltext' });
        expect(response.outcome).toBe('ok');
        const linted = response.items.find((item) => item.document_id === 'docs--adr--0001-lint-with-eslint-airbnb');
        expect(linted?.freshness).toMatchObject({
          state: 'stale',
          code: 'adr_superseded_outside',
          reason: 'superseded by PR #123, outside the decision records',
        });
        const { response: keyed } = await ask(deps, { query: 'tenant cache keys', principal: 'default-reader', mode: 'fulltext' });
        const tenant = keyed.items.find((item) => item.document_id === 'docs--adr--0007-cache-keys-by-tenant');
        expect(tenant?.freshness).toMatchObject({
          state: 'stale',
          code: 'adr_partly_superseded_outside',
          decision: 'accepted',
          params: { successor: `${PLATFORM_ADR}/0012-shared-cache-keys.md` },
        });
      } finally {
        await deps.close();
      }
    }, 180_000);
  },
);
