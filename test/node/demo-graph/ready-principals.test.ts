import { describe, expect, it } from 'vitest';
import type { LoadedDocument, PrincipalRecord } from '../../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { readyPrincipals } from '../../../electron/demo-graph/ready-principals';
import { referenceDocumentVisible } from '../../support/reference-acl';

const doc = (document_id: string, workspace_id: string, visibility: 'public' | 'restricted' | 'private'): LoadedDocument => ({
  document_id,
  file: `${document_id}.md`,
  title: document_id,
  doc_type: 'document',
  language: null,
  acl: {
    workspace_id,
    visibility,
    owner_id: visibility === 'private' ? 'u-owner' : null,
    allowed_groups: visibility === 'restricted' ? ['g-x'] : [],
    acl_partition: null,
  },
  source_uri: `file:///${document_id}.md`,
  source_version: null,
  created_at: null,
  updated_at: null,
  valid_from: null,
  valid_to: null,
  adr: null,
  chunks: [],
});
const principal = (principal_id: string, workspace_id: string, groups: string[] = []): PrincipalRecord => ({
  principal_id,
  workspace_id,
  groups,
  acl_partitions: [],
});

describe('readyPrincipals', () => {
  const docs = [
    doc('a', 'default', 'public'),
    doc('b', 'default', 'restricted'),
    doc('c', 'ws-acme', 'private'),
    doc('d', 'ws-acme', 'public'),
  ];

  it('makes a <workspace>-reader for every workspace without a principal, seeing exactly its public documents', () => {
    const { added, ready } = readyPrincipals(docs, []);
    expect(ready).toEqual([
      { workspace_id: 'default', principal_id: 'default-reader', created: true, public_documents: 1 },
      { workspace_id: 'ws-acme', principal_id: 'ws-acme-reader', created: true, public_documents: 1 },
    ]);
    for (const p of added) {
      const seen = docs.filter((d) => referenceDocumentVisible(d.acl, p)).map((d) => d.document_id);
      expect(seen).toEqual(
        docs.filter((d) => d.acl.workspace_id === p.workspace_id && d.acl.visibility === 'public').map((d) => d.document_id),
      );
    }
  });

  it('names the least-privileged principal a workspace already has instead of making one', () => {
    const { added, ready } = readyPrincipals(docs, [principal('u-admin', 'default', ['g-x', 'g-y']), principal('u-guest', 'default')]);
    expect(ready[0]).toEqual({ workspace_id: 'default', principal_id: 'u-guest', created: false, public_documents: 1 });
    expect(added.map((p) => p.principal_id)).toEqual(['ws-acme-reader']);
  });

  it('numbers the id when <workspace>-reader is taken by a principal of another workspace', () => {
    const { added } = readyPrincipals([doc('a', 'default', 'public')], [principal('default-reader', 'other')]);
    expect(added.map((p) => p.principal_id)).toEqual(['default-reader-2']);
  });
});

describe('ready principals of the loads', () => {
  it('adds none to the demo corpus, whose workspaces each have principals, and names one per workspace', () => {
    const plan = buildLoadPlan();
    expect(plan.principals).toHaveLength(8);
    expect(plan.readyPrincipals.map((r) => [r.workspace_id, r.principal_id, r.created])).toEqual([
      ['ws-nurion', 'u-guest', false],
      ['ws-partner', 'u-partner', false],
    ]);
  });
});
