import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { LensError, type LensErrorData } from '../../shared/lens-error';
import { NoGraphNotice } from '../../renderer/screens/connect/NoGraphNotice';
import { initI18n } from '../../renderer/shell/i18n';

/** The error the connect report gives without a graph, as the screen gets it: over the wire. */
function noNeo4j(): LensError {
  const error = codedError('unavailable', serverError('no_neo4j'), { hint: serverError('no_neo4j_hint') });
  return LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);
}

const rendered = (configured: boolean) =>
  renderToStaticMarkup(createElement(NoGraphNotice, { error: noNeo4j(), configured, children: null }));
const paragraphs = (html: string) => [...html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((match) => match[1] ?? '');

describe('NoGraphNotice', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says why and what to do in English, the hint worded for the screen', () => {
    const html = rendered(false);
    expect(html).toContain('No Neo4j is configured and the local demo server is not running.');
    expect(html).toContain('On the Connect screen, start the demo database');
    expect(html).not.toContain('lens neo4j start');
  });

  it('words every sentence in Korean on the Korean UI, the reason and the hint included', async () => {
    await i18n.changeLanguage('ko');
    for (const configured of [false, true]) {
      const lines = paragraphs(rendered(configured));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) {
        expect(line).toMatch(/[가-힣]/);
        expect(line).not.toMatch(/Neo4j is configured|demo server|Connect screen/);
      }
      expect(lines.join('\n')).toContain('설정된 Neo4j가 없고 로컬 데모 서버도 실행 중이 아닙니다.');
    }
  });
});
