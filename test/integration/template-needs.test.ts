import { describe, expect, inject, it } from 'vitest';
import { coreEnglish, wordCore } from '../../shared/core-catalogues';
import { ask, useDemoRetrievalDeps, useFolderRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const CLAIMS = { template_id: 'claims-about-service' };

// Seen in the browser walk: on a folder of one's own (no services: a folder load makes no entities),
// "claims-about-service" said "No evidence this principal may see answers the query", which blames
// the principal's access for what the graph does not hold.
describe('cypher mode: a built-in template on a graph without the nodes it answers from', () => {
  describe('on the demo graph, which holds services', () => {
    const deps = useDemoRetrievalDeps(server);

    it('a service no claim is about still reads as no evidence the principal may see', async () => {
      const { response } = await ask(deps(), { query: 'no-such-service-anywhere', principal: 'u-sora', mode: 'cypher', options: CLAIMS });
      expect(response.outcome).toBe('no_evidence');
      expect(response.message_code).toBe('outcome:no_evidence_none_visible');
    });
  });

  describe('on a folder of one’s own, which holds none', () => {
    const folder = useFolderRetrievalDeps(server, {
      'payments-runbook.md': '# Payments runbook\n\nThe payments service fails over to the standby.\n',
    });

    it('says the template needs Service nodes the graph does not hold, in English and Korean, not that access kept it out', async () => {
      expect(folder.reader()).not.toBe('');
      const { response } = await ask(folder.deps(), { query: 'payments', principal: folder.reader(), mode: 'cypher', options: CLAIMS });
      expect(response.outcome).toBe('no_evidence');
      expect(response.message_code).toBe('outcome:no_evidence_template_needs');
      expect(response.message_params).toEqual({ template: 'claims-about-service', label: 'Service' });
      const said = { code: response.message_code!, params: response.message_params };
      expect(coreEnglish(said)).toBe(response.message);
      expect(response.message).toContain('answers from Service nodes, and this graph holds none at all');
      expect(response.message).not.toContain('this principal may see');
      expect(wordCore(said, 'ko')).toContain('Service 노드로 답하는데');
      // The count it read is the graph's, not the principal's: the trace lists it beside the template.
      expect(response.stages.some((stage) => stage.name === 'cypher_template')).toBe(true);
    });

    it('a template that does not need services still says no evidence the principal may see', async () => {
      const { response } = await ask(folder.deps(), {
        query: 'nothing like this text',
        principal: folder.reader(),
        mode: 'cypher',
        options: { template_id: 'chunks-containing' },
      });
      expect(response.outcome).toBe('no_evidence');
      expect(response.message_code).toBe('outcome:no_evidence_none_visible');
    });
  });
});
