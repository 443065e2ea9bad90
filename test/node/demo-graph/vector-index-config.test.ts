import { Record as Neo4jRecord } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { indexEmbeddings } from '../../../electron/demo-graph/chunk-embedding';
import type { StatementRunner } from '../../../electron/demo-graph/statement-runner';

/** Records the statements a load sends; the server's version query answers `version`. */
function recordingRunner(version: string): { runner: StatementRunner; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    runner: {
      async run(text) {
        sent.push(text);
        return { records: text.includes('dbms.components') ? [new Neo4jRecord(['version'], [version])] : [] };
      },
    },
  };
}

const indexStatement = async (version: string, kind: string) => {
  const { runner, sent } = recordingRunner(version);
  await indexEmbeddings(runner, { embedder: { name: 'e', features: null, dimensions: 384, kind }, embedded: 0, kept: 0, batches: 0 });
  const statement = sent.find((text) => text.includes('CREATE VECTOR INDEX'));
  expect(statement).toBeDefined();
  return statement as string;
};

describe('the chunk vector index a load creates', () => {
  it("keeps a lexical embedder's vectors unquantized on Neo4j 2026.01+ (2026.08's default, BINARY, leaves its ANN unable to find the top k)", async () => {
    const statement = await indexStatement('2026.08.1', 'lexical');
    expect(statement).toMatch(/^CYPHER 25 CREATE VECTOR INDEX/);
    expect(statement).toContain('`vector.quantization.enabled`: false');
    expect(statement).toContain('`vector.dimensions`: 384');
  });

  it("leaves a model's vectors to the server's default quantization, and 5.26's index as it was", async () => {
    for (const [version, kind] of [
      ['2026.08.1', 'semantic'],
      ['5.26.30', 'lexical'],
      ['5.26.30', 'semantic'],
    ] as const) {
      const statement = await indexStatement(version, kind);
      expect({ version, kind, quantization: statement.includes('quantization') }).toEqual({ version, kind, quantization: false });
    }
  });
});
