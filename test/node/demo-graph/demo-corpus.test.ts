import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadPlan, LoadedDocument, PrincipalRecord } from '../../../electron/corpus/corpus-model';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { DEMO_DIR, buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { referenceChunkVisible, referenceDocumentVisible } from '../../support/reference-acl';

const TODAY = Date.parse('2026-12-01T00:00:00Z');

describe('the demo corpus', () => {
  let plan: LoadPlan;
  let principal: (id: string) => PrincipalRecord;
  const visibleTo = (p: PrincipalRecord) => plan.documents.filter((doc) => referenceDocumentVisible(doc.acl, p));

  beforeAll(() => {
    plan = buildLoadPlan();
    principal = (id) => {
      const found = plan.principals.find((p) => p.principal_id === id);
      if (!found) throw new Error(`no principal ${id}`);
      return found;
    };
  });

  it('loads with nothing failed and no unresolved supersession', () => {
    expect(plan.failed).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it('has at least 40 documents of at least 5 types in Korean and English', () => {
    expect(plan.documents.length).toBeGreaterThanOrEqual(40);
    const types = new Set(plan.documents.map((doc) => doc.doc_type));
    for (const type of ['runbook', 'design_doc', 'adr', 'incident_report', 'policy', 'api_doc']) expect(types).toContain(type);
    const languages = plan.documents.map((doc) => doc.language);
    expect(languages.filter((l) => l === 'ko').length).toBeGreaterThanOrEqual(15);
    expect(languages.filter((l) => l === 'en').length).toBeGreaterThanOrEqual(15);
  });

  it('has at least 4 groups and 6 principals whose reach differs', () => {
    expect(plan.groups.length).toBeGreaterThanOrEqual(4);
    expect(plan.principals.length).toBeGreaterThanOrEqual(6);
    const reaches = new Set(
      plan.principals.map((p) =>
        visibleTo(p)
          .map((doc) => doc.document_id)
          .sort()
          .join(','),
      ),
    );
    expect(reaches.size).toBe(plan.principals.length);
  });

  it('gives the public-only principal exactly the public documents of its workspace', () => {
    const guest = principal('u-guest');
    const seen = visibleTo(guest);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((doc) => doc.acl.visibility === 'public')).toBe(true);
    expect(seen.length).toBe(
      plan.documents.filter((doc) => doc.acl.visibility === 'public' && doc.acl.workspace_id === guest.workspace_id).length,
    );
  });

  it('has an HR-only set that reaches the HR principal and nobody else', () => {
    const hrDocs = plan.documents.filter((doc) => doc.acl.allowed_groups.includes('g-hr') && doc.acl.visibility !== 'public');
    expect(hrDocs.length).toBeGreaterThanOrEqual(3);
    for (const p of plan.principals) {
      const readable = hrDocs.filter((doc) => doc.chunks.some((chunk) => referenceChunkVisible(doc.acl, chunk.acl_partition, p)));
      if (p.principal_id === 'u-hana') expect(readable).toHaveLength(hrDocs.length);
      else
        expect({ principal: p.principal_id, readable: readable.map((doc) => doc.document_id) }).toEqual({
          principal: p.principal_id,
          readable: [],
        });
    }
  });

  it('has private documents that only their one owner can see', () => {
    const privateDocs = plan.documents.filter((doc) => doc.acl.visibility === 'private');
    expect(privateDocs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(privateDocs.map((doc) => doc.acl.owner_id)).size).toBe(1);
    for (const doc of privateDocs) {
      const seers = plan.principals.filter((p) => referenceDocumentVisible(doc.acl, p)).map((p) => p.principal_id);
      expect(seers).toEqual([doc.acl.owner_id]);
    }
  });

  it('has at least 8 ADRs, 2 supersession chains, a partial supersession and a drift case', () => {
    const adrs = plan.documents.filter((doc) => doc.adr);
    expect(adrs.length).toBeGreaterThanOrEqual(8);
    const byId = new Map<string, LoadedDocument>(plan.documents.map((doc) => [doc.document_id, doc]));
    const successors = new Map(plan.supersessions.map((edge) => [edge.from_document_id, edge.to_document_id]));
    const heads = plan.supersessions.filter((edge) => !plan.supersessions.some((other) => other.to_document_id === edge.from_document_id));
    const chains = heads.map((edge) => {
      const chain = [edge.from_document_id];
      while (successors.has(chain.at(-1) as string)) chain.push(successors.get(chain.at(-1) as string) as string);
      return chain;
    });
    expect(chains.filter((chain) => chain.length >= 2).length).toBeGreaterThanOrEqual(2);
    expect(chains.some((chain) => chain.length >= 3)).toBe(true);
    expect(plan.supersessions.filter((edge) => edge.partial).length).toBeGreaterThanOrEqual(1);
    const drift = plan.supersessions.filter((edge) => edge.drift);
    expect(drift.length).toBeGreaterThanOrEqual(1);
    for (const edge of drift) {
      expect(byId.get(edge.from_document_id)?.adr?.status).toBe('accepted');
      expect(edge.stated_in).toEqual(['new_body']);
    }
  });

  it('has runbooks whose valid_to has passed', () => {
    const expired = plan.documents.filter((doc) => doc.doc_type === 'runbook' && doc.valid_to !== null && Date.parse(doc.valid_to) < TODAY);
    expect(expired.length).toBeGreaterThanOrEqual(2);
  });

  it('has services, APIs, repositories, owners and incidents, linked to each other', () => {
    const labels = new Set(plan.entities.map((entity) => entity.label));
    expect([...labels].sort()).toEqual(['API', 'Incident', 'Owner', 'Repository', 'Service']);
    expect(new Set(plan.entityLinks.map((link) => link.type))).toEqual(new Set(['EXPOSES', 'IMPLEMENTED_BY', 'OWNED_BY', 'AFFECTED_BY']));
  });

  it('locates every evidence quote exactly inside its chunk text', () => {
    const chunks = new Map(plan.documents.flatMap((doc) => doc.chunks.map((chunk) => [chunk.chunk_id, chunk] as const)));
    const evidence = plan.claims.flatMap((claim) => claim.evidence);
    expect(plan.claims.length).toBeGreaterThanOrEqual(30);
    expect(evidence.length).toBeGreaterThan(plan.claims.length);
    for (const ev of evidence) {
      const chunk = chunks.get(ev.chunk_id);
      expect(chunk?.text.slice(ev.start_char, ev.end_char), ev.evidence_id).toBe(ev.quote);
    }
  });

  it('gives every chunk a span that points into its document body', () => {
    const folder = readMarkdownFolder(path.join(DEMO_DIR, 'corpus'));
    for (const doc of folder.documents) {
      const body = folder.bodies.get(doc.document_id) as string;
      let previousEnd = 0;
      for (const chunk of doc.chunks) {
        expect(body.slice(chunk.start_char, chunk.end_char), chunk.chunk_id).toBe(chunk.text);
        expect(chunk.start_char).toBeGreaterThanOrEqual(previousEnd);
        previousEnd = chunk.end_char;
      }
    }
  });
});
