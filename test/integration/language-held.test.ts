import { describe, expect, inject, it } from 'vitest';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../shared/schema-profile';
import { languagePropertyPresent } from '../../electron/retrieval/language-property';
import { requireLanguageProperty, type PlanInputs } from '../../electron/retrieval/retrieval-plan';
import type { RequestFailure } from '../../electron/retrieval/request-validation';
import type { RunLog } from '../../electron/retrieval/retrieval-stages';
import type { GraphGateway } from '../../electron/graph/read-gateway';
import { defineQuery } from '../../electron/graph/built-in-query';
import { useDemoGateway, writeFixture } from '../support/demo-graph';

const server = inject('neo4j');

/** Writes a test fixture on the test server (never a user's graph). */
const write = (cypher: string) => writeFixture(server, cypher);

/** A run's log that reads through the gateway, as a run's own does. */
function logOf(gateway: GraphGateway): RunLog {
  return { read: (query, params, options) => gateway.read(query, params, options) } as RunLog;
}

// A team's documents beside the demo, whose language was written and then removed from every one.
const profile = SchemaProfile.parse({
  ...DEFAULT_SCHEMA_PROFILE,
  name: 'language-gone',
  labels: { ...DEFAULT_SCHEMA_PROFILE.labels, document: 'LanguageGoneDoc' },
  properties: {
    ...DEFAULT_SCHEMA_PROFILE.properties,
    document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, language: 'language_gone' },
  },
});

describe('a language filter where the server keeps the property’s name but no document has it', () => {
  const gateway = useDemoGateway(server);

  it('fails closed naming the property, and goes ahead once a document has it again', async () => {
    await write("UNWIND range(1, 3) AS i CREATE (:LanguageGoneDoc {document_id: 'language-gone-' + i, language_gone: 'ko'})");
    try {
      await write('MATCH (d:LanguageGoneDoc) REMOVE d.language_gone');
      const names = (
        await gateway().read(
          defineQuery('keys', 'CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey'),
          {},
          {
            deadline: Deadline.after(10_000),
            stage: 'test',
          },
        )
      ).rows.map((row) => row.propertyKey);
      // The server keeps the name: the check must not rest on that list.
      expect(names).toContain('language_gone');
      const inputs = {
        request: { filters: { language: 'ko' } },
        log: logOf(gateway()),
        deadline: Deadline.after(10_000),
      } as unknown as PlanInputs;
      const failure = await requireLanguageProperty(inputs, gateway(), profile).then(
        () => null,
        (error: unknown) => error as RequestFailure,
      );
      expect(failure?.outcome).toBe('unsupported_filter');
      expect(failure?.message).toContain('language_gone');

      await write("MATCH (d:LanguageGoneDoc {document_id: 'language-gone-2'}) SET d.language_gone = 'en'");
      expect(await languagePropertyPresent(gateway(), logOf(gateway()), Deadline.after(10_000), profile)).toBe(true);
    } finally {
      await write('MATCH (d:LanguageGoneDoc) DETACH DELETE d');
    }
  });
});
