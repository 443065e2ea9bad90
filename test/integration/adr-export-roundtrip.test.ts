import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdrEntry } from '../../shared/adr-marks';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { exportAdrMarks, listAdrsNow, markAdr, type AdrServices } from '../../electron/adr/adr-marking';
import { openDemoWriteDriver } from '../../electron/demo-graph/demo-target';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { ensureDemoGraph, testGateway } from '../support/demo-graph';

const server = inject('neo4j');

/** The stale-ADR services on the demo graph with the trace store at `file`. */
function adrServices(file: string, gateway: AdrServices['gateway']): AdrServices & { store: TraceStore } {
  return { gateway, profile: DEFAULT_SCHEMA_PROFILE, store: TraceStore.open(file), actor: () => 'u-seoyeon', now: () => new Date() };
}

const byId = (adrs: readonly AdrEntry[]) => new Map(adrs.map((entry) => [entry.document_id, entry]));

describe.skipIf(!server.local)(
  'the Cypher export, applied to a scratch copy of the demo (skipped without a local server: it writes to it)',
  () => {
    let dir: string;
    const gateway = testGateway(server);

    beforeAll(async () => {
      await ensureDemoGraph(server);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-adr-export-'));
    });

    afterAll(async () => {
      // The scratch changes are undone by loading the demo again (its load record was removed first).
      await ensureDemoGraph(server);
      await gateway.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('makes the graph alone give the freshness the marks gave: stale, with the same successor', async () => {
      const marking = adrServices(path.join(dir, 'marks.sqlite'), gateway);
      await markAdr(marking, { adr: 'ADR-005', reason: "Patroni replaced repmgr; it's done", successor: 'ADR-010' });
      await markAdr(marking, { adr: 'ADR-004', reason: 'settlement runs hourly now (ADR-011)' });
      await markAdr(marking, { adr: 'ADR-013', reason: 'the cert rotation moved' });
      const marked = byId((await listAdrsNow(marking)).adrs);
      const cypher = exportAdrMarks(marking, 'cypher').content;
      marking.store.close();

      // Only test fixtures write: the demo loader's write driver, against the local demo server only.
      const { driver } = openDemoWriteDriver(server.home, {});
      const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
      try {
        await session.run('MATCH (m:LensLoadInfo) DETACH DELETE m');
        await session.run(cypher);
        // A second run changes nothing more (MERGE, and validity already ended).
        await session.run(cypher);
      } finally {
        await session.close();
        await driver.close();
      }

      const graphOnly = adrServices(path.join(dir, 'empty.sqlite'), gateway);
      const after = byId((await listAdrsNow(graphOnly)).adrs);
      graphOnly.store.close();
      for (const id of ['adr-005-postgres-ha-repmgr', 'adr-004-settlement-daily-batch', 'adr-013-cert-manager-tls']) {
        expect(marked.get(id)?.freshness.state, id).toBe('stale');
        expect(after.get(id)?.freshness.state, id).toBe('stale');
      }
      expect(marked.get('adr-005-postgres-ha-repmgr')?.freshness.params?.successor).toBe('adr-010-postgres-ha-patroni');
      expect(after.get('adr-005-postgres-ha-repmgr')?.freshness).toMatchObject({
        code: 'superseded_by',
        params: { successor: 'adr-010-postgres-ha-patroni' },
      });
      expect(after.get('adr-005-postgres-ha-repmgr')?.superseded_by.map((successor) => successor.document_id)).toContain(
        'adr-010-postgres-ha-patroni',
      );
      expect(after.get('adr-004-settlement-daily-batch')?.freshness.code).toBe('valid_to_passed');
      // Nothing else changed its freshness.
      for (const [id, entry] of marked)
        if (!['adr-005-postgres-ha-repmgr', 'adr-004-settlement-daily-batch', 'adr-013-cert-manager-tls'].includes(id))
          expect(after.get(id)?.freshness.state, id).toBe(entry.freshness.state);
    });
  },
);
