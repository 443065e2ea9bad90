import type { IndexInfo } from '../../shared/connect-report';

/** An ONLINE node index on :Chunk as `SHOW INDEXES` describes it, with `extra` fields over the defaults. */
export const chunkIndex = (name: string, type: string, properties: string[], extra: Partial<IndexInfo> = {}): IndexInfo => ({
  name,
  type,
  entity_type: 'NODE',
  labels_or_types: ['Chunk'],
  properties,
  state: 'ONLINE',
  dimensions: null,
  similarity: null,
  analyzer: null,
  ...extra,
});
