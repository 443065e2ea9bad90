import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../electron/eval/golden-set-file';
import { ErrorKind, isLensError, LensError, type LensErrorData } from '../../shared/lens-error';
import { ErrorBox } from '../../renderer/app/error-box';
import { initI18n } from '../../renderer/shell/i18n';

// A golden set with three problems (two keys it does not take, one question without its text), as the Evaluations screen gets it: over the wire.
const SET = `name: broken
questions:
  - id: q1
    principal: u-hana
    questoin: 연봉 조정 주기
    expected: {}
  - id: q2
    principal: u-guest
    expected: {}
    extra: 1
`;

function wireError(): LensError {
  try {
    parseGoldenSet('broken.yaml', SET);
  } catch (error) {
    if (!isLensError(error)) throw error;
    return LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);
  }
  throw new Error('expected the golden set to be refused');
}

const rendered = (error: unknown) => renderToStaticMarkup(createElement(ErrorBox, { error }));
const items = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '');

describe('ErrorBox', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it("lists a file's problems after the first, each once, in English", async () => {
    await i18n.changeLanguage('en');
    const error = wireError();
    expect(error.moreProblems.length).toBeGreaterThanOrEqual(2);
    const lines = items(rendered(error));
    expect(lines).toHaveLength(error.moreProblems.length);
    for (const line of lines) expect(line).toMatch(/[a-z]/);
    expect(lines.join('\n')).toContain('extra');
    // The detail the CLI prints holds the same lines.
    expect(error.detail?.split('\n')).toHaveLength(lines.length);
  });

  it('words them in Korean, with no English sentence of the core left', async () => {
    await i18n.changeLanguage('ko');
    const error = wireError();
    const lines = items(rendered(error));
    expect(lines).toHaveLength(error.moreProblems.length);
    for (const [index, line] of lines.entries()) {
      expect(line).toMatch(/[가-힣]/);
      // zod's own finding (a question without its text) is worded too, not left in zod's English.
      expect(line).not.toMatch(/Invalid input|expected string/);
      expect(line).not.toBe(error.moreProblems[index]?.text);
    }
  });

  it('folds the detail (which of the app’s queries failed) under a disclosure, out of the sentence', async () => {
    await i18n.changeLanguage('ko');
    const html = rendered(
      LensError.fromData({
        kind: 'unavailable',
        message: 'Neo4j at bolt://h is unreachable.',
        detail: 'query principal-and-graph-marker: connect ECONNREFUSED',
      }),
    );
    expect(/<p>(.*?)<\/p>/.exec(html)?.[1]).not.toContain('principal-and-graph-marker');
    expect(html).toMatch(
      /<details class="error-detail"><summary>버그 보고용 자세한 내용<\/summary><pre class="mono">query principal-and-graph-marker: connect ECONNREFUSED<\/pre><\/details>/,
    );
    // A file's problems are listed already: the detail that repeats them in English is not shown again.
    expect(rendered(wireError())).not.toContain('error-detail');
  });

  it('shows no list for an error with one problem', async () => {
    await i18n.changeLanguage('en');
    expect(items(rendered(new LensError('invalid_input', 'one problem')))).toEqual([]);
  });
});

describe('the ErrorBox heading', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });
  const heading = (html: string) => /<strong>(.*?)<\/strong>/.exec(html)?.[1] ?? '';

  it('words every kind of failure in English and in Korean, never its raw name ("Error: unavailable")', async () => {
    const seen = { en: new Set<string>(), ko: new Set<string>() };
    for (const language of ['en', 'ko'] as const) {
      await i18n.changeLanguage(language);
      for (const kind of ErrorKind.options) {
        const text = heading(rendered(new LensError(kind, 'The graph could not be read.')));
        expect(text, `${language} ${kind}`).not.toBe('');
        // The kind's own name, alone or after "Error:" / "오류:", or a message key.
        expect(text, `${language} ${kind}`).not.toMatch(new RegExp(`(^|: )${kind}$`, 'i'));
        expect(text, `${language} ${kind}`).not.toContain('_');
        if (language === 'ko') expect(text, `ko ${kind}`).toMatch(/^[^A-Za-z]*[가-힣][^A-Za-z]*$/);
        seen[language].add(text);
      }
    }
    // Each kind has its own heading.
    expect(seen.en.size).toBe(ErrorKind.options.length);
    expect(seen.ko.size).toBe(ErrorKind.options.length);
    await i18n.changeLanguage('en');
  });

  it('says an outage as one in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(heading(rendered(new LensError('unavailable', 'Neo4j is not running.')))).toBe('Something it needs cannot be reached');
    await i18n.changeLanguage('ko');
    expect(heading(rendered(new LensError('unavailable', 'Neo4j is not running.')))).toBe('필요한 대상에 연결할 수 없습니다');
    await i18n.changeLanguage('en');
  });
});
