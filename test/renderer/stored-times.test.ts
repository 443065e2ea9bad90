import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { SchemaSummary } from '../../renderer/screens/connect/SchemaSummary';
import { formatRunTime } from '../../renderer/app/time-format';
import { WhyNotAnswerView } from '../../renderer/screens/workbench/WhyNotAnswerView';
import { initI18n } from '../../renderer/shell/i18n';
import type { GraphSchemaSnapshot } from '../../shared/connect-report';
import type { WhyNotAnswer } from '../../shared/why-not';

// Times read "2026-12-05 15:36:24" (local) in Traces, Compare and Stale ADRs; these said it the
// browser's way instead ("2026. 12. 5. 오후 3:36:24", "12/5/2026, 3:36:24 PM").
const AT = '2026-12-05T06:36:24.992Z';
const LOCAL = formatRunTime(AT);

const answer: WhyNotAnswer = {
  trace_id: 't-1',
  principal_id: 'u-guest',
  query: 'failover',
  mode: 'hybrid',
  outcome: 'ok',
  target: { kind: 'document', id: 'policy-hr' },
  document_id: 'policy-hr',
  title: null,
  chunks_total: 0,
  findings: [],
  rerun_depth: null,
  read_at: AT,
};
const schema: GraphSchemaSnapshot = {
  labels: [],
  relationship_types: [],
  indexes: [],
  embedding: { index: 'chunk_embedding', embedder: 'hashing-384', dimensions: 384, kind: 'lexical', recorded_at: AT },
  node_count: 0,
  relationship_count: 0,
};

describe('times in the Workbench’s why-not answer and Connect’s embedder line', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('read as the rest of the app shows them, in English and Korean', async () => {
    expect(LOCAL).toMatch(/^2026-12-0[56] \d\d:\d\d:24$/);
    for (const language of ['en', 'ko']) {
      await i18n.changeLanguage(language);
      expect(renderToStaticMarkup(createElement(WhyNotAnswerView, { answer }))).toContain(LOCAL);
      expect(renderToStaticMarkup(createElement(SchemaSummary, { schema }))).toContain(LOCAL);
    }
    await i18n.changeLanguage('en');
  });
});
