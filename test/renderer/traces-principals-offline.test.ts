import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphError } from '../../electron/graph/graph-errors';
import { LensError, type LensErrorData } from '../../shared/lens-error';
import { EMPTY_FILTER_FORM } from '../../renderer/screens/traces/run-filter-form';
import { TracesFilters } from '../../renderer/screens/traces/TracesFilters';
import { initI18n } from '../../renderer/shell/i18n';

// The graph's principal list failed as the Traces screen gets it: Neo4j down, over the wire.
const outage = LensError.fromData(
  JSON.parse(
    JSON.stringify(
      graphError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:7793'), { code: 'ServiceUnavailable' }), {
        uri: 'bolt://127.0.0.1:7793',
        query: 'principals-from-graph',
        stage: 'principals',
      }).toData(),
    ),
  ) as LensErrorData,
);

/** The note under the filters, as text. */
function note(): string {
  const html = renderToStaticMarkup(
    createElement(TracesFilters, {
      form: EMPTY_FILTER_FORM,
      onChange: () => undefined,
      principals: { ids: ['u-minjun'], listError: outage },
    }),
  );
  const match = /<p class="traces-filter-note[^"]*">(.*?)<\/p>/.exec(html);
  return match?.[1] ?? `no note in ${html}`;
}

describe('Traces: the principal filter when the graph cannot list principals', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says so in the UI language, with the error worded from its codes and what to do, in whole sentences', async () => {
    await i18n.changeLanguage('en');
    const english = note();
    // What failed in the user's words; the query's own name only in the error's detail.
    expect(english).toContain('Neo4j at bolt://127.0.0.1:7793 is unreachable (while listing the graph’s principals).');
    expect(english).not.toContain('principals-from-graph');
    // The screens' wording of what to do: the Connect screen, not a terminal command.
    expect(english).toContain('on the Connect screen, start the demo database');
    expect(english).not.toContain('lens neo4j status');
    expect(english).not.toContain('.)');
    await i18n.changeLanguage('ko');
    const korean = note();
    expect(korean).toContain('bolt://127.0.0.1:7793의 Neo4j에 연결할 수 없습니다 (그래프의 주체 목록을 읽는 중).');
    expect(korean).not.toContain('principals-from-graph');
    expect(korean).toContain('조치:');
    expect(korean).not.toContain('unreachable');
    expect(korean).not.toContain('.)');
  });
});
