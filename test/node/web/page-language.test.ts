import { describe, expect, it } from 'vitest';
import { pageLanguage } from '../../../electron/web/page-language';

describe('pageLanguage: the language of browser mode’s plain-text pages', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['*', 'en'],
    ['ko', 'ko'],
    ['KO-kr', 'ko'],
    ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
    ['en-US,en;q=0.9,ko;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,ko;q=0.5', 'ko'],
    ['fr-FR,de;q=0.9', 'en'],
    ['en;q=0.4, ko;q=0.6', 'ko'],
    ['ko;q=0.5,en;q=0.5', 'ko'],
    ['ko;q=0', 'en'],
    ['ko;q=0, en;q=0.1', 'en'],
    ['ko;q=2', 'en'],
    ['ko;q=abc', 'en'],
    ['k o, ko_KR', 'en'],
    [`${'x,'.repeat(5000)}ko`, 'ko'],
  ])('reads %j as %s (the highest weight of English and Korean, the first of equals; malformed ranges skipped)', (header, language) => {
    expect(pageLanguage(header)).toBe(language);
  });
});
