import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdrListing, type AdrSuggestion } from '../../shared/adr-marks';
import type { ApiEnvelope } from '../../shared/api/lens-api';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { loadDemo } from '../../electron/demo-graph/demo-loader';
import { ServiceHub } from '../../electron/services/service-hub';
import { ensureDemoGraph, graphFingerprint } from '../support/demo-graph';
import { runLens } from '../support/run-lens';
import { precisionRecall, SUGGESTION_FIXTURES, suggestionLabels } from '../support/suggestion-labels';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, GOVUK_ADR_DIR } from '../support/test-env';

const server = inject('neo4j');

/** The handler table over the test server with its own LENS_HOME, as the doors use it. */
function api(dir: string) {
  const hub = new ServiceHub({
    LENS_HOME: path.join(dir, 'home'),
    LENS_USER: 'u-reviewer',
    NEO4J_URI: server.uri,
    NEO4J_USER: server.user,
    NEO4J_PASSWORD: server.password,
  });
  const handlers = createLensHandlers(hub, 'http', '9.9.9');
  const value = async <T>(name: string, input: unknown): Promise<T> => {
    const envelope: ApiEnvelope = await dispatch(handlers, name, input);
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error.kind}: ${envelope.error.message}`);
    return envelope.value as T;
  };
  return { hub, value };
}

/** For the calling block: the API over the test server, and the demo graph loaded again after its tests (they load other folders). */
function doorRestoringDemo(): () => ReturnType<typeof api> {
  let dir: string | undefined;
  let door: ReturnType<typeof api> | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-adr-suggest-load-'));
    door = api(dir);
  });
  afterAll(async () => {
    await door?.hub.close();
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    await ensureDemoGraph(server);
  });
  return () => door as ReturnType<typeof api>;
}

const suggestionsById = (listing: AdrListing) =>
  new Map(listing.adrs.filter((adr) => adr.suggestions.length > 0).map((adr) => [adr.document_id, adr.suggestions]));

describe('stale-ADR suggestions on the demo graph, through the API and the CLI', () => {
  let dir: string;
  let door: ReturnType<typeof api>;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-adr-suggest-'));
    door = api(dir);
  });

  afterAll(async () => {
    await door.hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("suggests the demo's unmarked drift case: ADR-004, which ADR-011 alone says it replaces, with ADR-011's words as evidence", async () => {
    const before = await graphFingerprint(server);
    const listing = AdrListing.parse(await door.value('adr.list', { suggestions: true }));
    const daily = listing.adrs.find((adr) => adr.adr_id === 'ADR-004');
    expect(daily?.drift).toBe(true);
    expect(daily?.mark).toBeNull();
    const [first] = daily?.suggestions ?? [];
    expect(first).toMatchObject({
      kind: 'replacement_wording',
      successor: { document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011' },
    });
    expect(first?.evidence[0]).toMatchObject({ document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011' });
    expect(first?.evidence[0]?.quote).toContain('[ADR-004](adr-004-settlement-daily-batch.md)를 대체한다');
    expect(first?.score).toBeGreaterThan(0.5);
    expect(listing.suggestion_reading).toEqual({ text_cap_chars: 20_000, capped: [], truncated: false });
    // Reading the texts wrote nothing.
    expect(await graphFingerprint(server)).toEqual(before);
  });

  it('suggests nothing for the chains the records state themselves, nor for rejected or deprecated records', async () => {
    const listing = AdrListing.parse(await door.value('adr.list', { suggestions: true }));
    const suggested = [...suggestionsById(listing).keys()];
    for (const id of ['adr-002-event-bus-rabbitmq', 'adr-003-event-bus-kafka', 'adr-005-postgres-ha-repmgr', 'adr-006-secrets-in-vault'])
      expect(suggested).not.toContain(id);
    expect(suggested).not.toContain('adr-009-rate-limiting-nginx-lua');
  });

  it('computes no suggestions unless asked, and none for an ADR once it is marked stale', async () => {
    const plain = AdrListing.parse(await door.value('adr.list', {}));
    expect(plain.adrs.every((adr) => adr.suggestions.length === 0)).toBe(true);
    expect(plain.suggestion_reading).toBeUndefined();
    await door.value('adr.mark', { adr: 'ADR-004', reason: 'replaced by hourly settlement', successor: 'ADR-011' });
    try {
      const marked = AdrListing.parse(await door.value('adr.list', { suggestions: true }));
      expect(marked.adrs.find((adr) => adr.adr_id === 'ADR-004')?.suggestions).toEqual([]);
    } finally {
      await door.value('adr.unmark', { adr: 'ADR-004', reason: 'back to the suggestion' });
    }
  });

  it(
    'lens adr list --suggestions prints each suggestion in words with its score and quotes; --json gives the contract',
    async () => {
      const env = { LENS_HOME: dir, NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
      const human = await runLens(['adr', 'list', '--suggestions'], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(human.code, human.stderr).toBe(0);
      expect(human.stdout).toMatch(
        /suggested stale \(replacement wording, score 0\.\d\d\): a newer record, ADR-011, says it replaces this one/,
      );
      expect(human.stdout).toContain('ADR-011: “이 결정은 [ADR-004](adr-004-settlement-daily-batch.md)를 대체한다.”');
      expect(human.stdout).toContain('never applied by themselves');
      const json = await runLens(['adr', 'list', '--suggestions', '--json'], env, CHILD_PROCESS_TEST_TIMEOUT_MS);
      expect(json.code, json.stderr).toBe(0);
      const listing = AdrListing.parse(JSON.parse(json.stdout));
      expect(listing.adrs.find((adr) => adr.adr_id === 'ADR-004')?.suggestions[0]?.kind).toBe('replacement_wording');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS * 2,
  );
});

describe.skipIf(!server.local)(
  'stale-ADR suggestions on the labelled fixture folders (skipped without a local server: loading them replaces the graph)',
  () => {
    const door = doorRestoringDemo();

    it('reaches precision and recall of at least 0.8 per kind against the labels, loaded with the real loader', async () => {
      const summary = await loadDemo({ docsDir: SUGGESTION_FIXTURES, home: server.home, env: {} });
      expect(summary.failed).toEqual([]);
      const listing = AdrListing.parse(await door().value('adr.list', { suggestions: true }));
      const scored = precisionRecall(suggestionsById(listing), suggestionLabels());
      for (const row of scored.perKind) {
        expect(row.labelled, row.kind).toBeGreaterThanOrEqual(2);
        expect(row.precision, `${row.kind} precision; wrong: ${scored.wrong.join('; ')}`).toBeGreaterThanOrEqual(0.8);
        expect(row.recall, `${row.kind} recall; missed: ${scored.missed.join('; ')}`).toBeGreaterThanOrEqual(0.8);
      }
      const scores = [...suggestionsById(listing).values()].flat().map((s: AdrSuggestion) => s.score);
      expect(scores.every((score) => score >= 0.3 && score <= 1)).toBe(true);
    });
  },
);

describe.skipIf(!server.local || !fs.existsSync(GOVUK_ADR_DIR))(
  `stale-ADR suggestions on the govuk-aws-adr folder (skipped without a local server or without ${GOVUK_ADR_DIR})`,
  () => {
    const door = doorRestoringDemo();

    it('does not flood a real team folder: at most one record in ten gets a suggestion', async () => {
      await loadDemo({ docsDir: GOVUK_ADR_DIR, home: server.home, env: {} });
      const listing = AdrListing.parse(await door().value('adr.list', { suggestions: true }));
      expect(listing.adrs).toHaveLength(38);
      const suggested = [...suggestionsById(listing)];
      expect(suggested.length).toBeLessThanOrEqual(Math.floor(listing.adrs.length / 10));
      // The records the team itself links stay without suggestions.
      expect(suggested.map(([id]) => id)).not.toContain('0004-dns-definitions-for-hosts-and-services');
    });
  },
);
