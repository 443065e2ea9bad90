import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Deadline } from '../../shared/deadline';
import { isLensError, type LensError } from '../../shared/lens-error';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** Templates that fail on a document's title, each with a server message that quotes the title. */
const ECHOING_TEMPLATES: readonly { id: string; cypher: string }[] = [
  { id: 'echo-epoch', cypher: 'MATCH (d:Document {document_id: $doc}) RETURN datetime({epochMillis: d.title}) AS x' },
  { id: 'echo-date', cypher: 'MATCH (d:Document {document_id: $doc}) RETURN date(d.title) AS x' },
  { id: 'echo-duration', cypher: 'MATCH (d:Document {document_id: $doc}) RETURN duration(d.title) AS x' },
];

/** A private document u-guest may not see, read through the fixture driver. */
async function privateDocument(): Promise<{ id: string; title: string }> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(
      "MATCH (d:Document {visibility: 'private'}) RETURN d.document_id AS id, d.title AS title ORDER BY id LIMIT 1",
    );
    const record = result.records[0];
    if (!record) throw new Error('the demo graph has no private document');
    return { id: String(record.get('id')), title: String(record.get('title')) };
  } finally {
    await session.close();
    await driver.close();
  }
}

describe('errors of untrusted queries never carry graph content', () => {
  const deps = useDemoRetrievalDeps(server);
  let secret: { id: string; title: string };

  beforeAll(async () => {
    secret = await privateDocument();
    for (const template of ECHOING_TEMPLATES)
      deps().store.saveQuery({ ...template, name: template.id, parameters: ['doc'], created_at: new Date().toISOString() });
  });

  it('quotes the private title in the server message when the query runs outside the app (so the check below can fail)', async () => {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      const error = await session.run(ECHOING_TEMPLATES[0]?.cypher ?? '', { doc: secret.id }).then(
        () => null,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toContain(secret.title);
    } finally {
      await session.close();
      await driver.close();
    }
  });

  for (const template of ECHOING_TEMPLATES) {
    it(`${template.id}: u-guest running it on a private document gets the error's code, never the title`, async () => {
      const { response } = await ask(deps(), {
        query: 'x',
        principal: 'u-guest',
        mode: 'cypher',
        options: { template_id: template.id, template_params: { doc: secret.id } },
      });
      expect(response.outcome).toBe('invalid_request');
      expect(response.message).toMatch(/Neo\.ClientError\.Statement\.\w+/);
      expect(JSON.stringify(response)).not.toContain(secret.title);
    });
  }

  it('keeps no server text in any part of the gateway error, its cause included', async () => {
    const error = await deps()
      .gateway.readUntrusted(ECHOING_TEMPLATES[1]?.cypher ?? '', { doc: secret.id }, { deadline: Deadline.after(10_000) })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isLensError(error)).toBe(true);
    const lens = error as LensError;
    expect(JSON.stringify(lens.toData())).not.toContain(secret.title);
    expect(lens.cause).toBeUndefined();
  });

  it('keeps the server message of an error found at EXPLAIN time, before anything is read', async () => {
    await expect(deps().gateway.readUntrusted('MATCH (n RETURN n', {}, { deadline: Deadline.after(10_000) })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/Invalid input/),
    });
  });
});
