import { describe, expect, it } from 'vitest';
import type { BuiltInQuery } from '../../../electron/graph/built-in-query';
import { documentTypesInGraph } from '../../../electron/graph/document-types';
import type { ReadResult } from '../../../electron/graph/read-gateway';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../../shared/schema-profile';

/** A reader answering the one row the query returns for `types` (value, documents), listing what it was asked. */
function fakeReader(types: readonly { value: unknown; documents: unknown }[]) {
  const asked: { query: BuiltInQuery; params: Record<string, unknown>; rowCap: number | undefined }[] = [];
  const read = async (query: BuiltInQuery, params: Record<string, unknown>, options: { rowCap?: number }): Promise<ReadResult> => {
    asked.push({ query, params, rowCap: options.rowCap });
    const cap = Number(params['cap']);
    const rows = [{ types: types.slice(0, cap), total: types.length }] as ReadResult['rows'];
    return { rows, truncated: false, rowCap: 1, queryName: query.name } as ReadResult;
  };
  return { reader: { read }, asked };
}

describe('the document types of the graph', () => {
  it('lists each type with its document count, as the read orders them, in one read of one row', async () => {
    const { reader, asked } = fakeReader([
      { value: 'adr', documents: 38 },
      { value: 'note', documents: 1 },
    ]);
    expect(await documentTypesInGraph(reader, DEFAULT_SCHEMA_PROFILE)).toEqual({
      document_types: [
        { value: 'adr', documents: 38 },
        { value: 'note', documents: 1 },
      ],
      truncated: false,
      more: 0,
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.rowCap).toBe(1);
  });

  it('reads the profile’s document label and type property, keeping string values only, most documents first', async () => {
    const profile = SchemaProfile.parse({
      ...DEFAULT_SCHEMA_PROFILE,
      labels: { ...DEFAULT_SCHEMA_PROFILE.labels, document: 'Page' },
      properties: {
        ...DEFAULT_SCHEMA_PROFILE.properties,
        document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, docType: 'kind' },
      },
    });
    const { reader, asked } = fakeReader([]);
    await documentTypesInGraph(reader, profile);
    const text = asked[0]?.query.text ?? '';
    expect(text).toContain('(d:`Page`)');
    expect(text).toContain('d.`kind` IS :: STRING NOT NULL');
    expect(text).toMatch(/ORDER BY documents DESC, value/);
    expect(text).not.toContain('doc_type');
  });

  it('says a graph without typed documents holds no type, not that something failed', async () => {
    const { reader } = fakeReader([]);
    expect(await documentTypesInGraph(reader, DEFAULT_SCHEMA_PROFILE)).toEqual({ document_types: [], truncated: false, more: 0 });
  });

  it('lists at most the cap and counts the types beyond it', async () => {
    const many = Array.from({ length: 7 }, (_, index) => ({ value: `type-${index}`, documents: 10 - index }));
    const { reader, asked } = fakeReader(many);
    const held = await documentTypesInGraph(reader, DEFAULT_SCHEMA_PROFILE, 5);
    expect(asked[0]?.params).toEqual({ cap: 5 });
    expect(held.document_types.map((type) => type.value)).toEqual(many.slice(0, 5).map((type) => type.value));
    expect(held).toMatchObject({ truncated: true, more: 2 });
  });
});
