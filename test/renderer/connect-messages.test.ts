import { describe, expect, it } from 'vitest';
import { connectMessages } from '../../renderer/screens/connect/connect-messages';

// Each heading names a landmark of the Connect screen (its sections and forms): two with the same words cannot be told apart by a screen reader.
const headings = (catalogue: Readonly<Record<string, string>>) =>
  Object.entries(catalogue)
    .filter(([key]) => /(^|_)heading(_other)?$/.test(key))
    .map(([key, text]) => ({ key: key.replace(/_other$/, ''), text }));

describe('the Connect screen’s headings', () => {
  it.each(['en', 'ko'] as const)('differ from one another in %s', (language) => {
    const found = headings(connectMessages[language]);
    expect(found.length).toBeGreaterThan(10);
    const byText = new Map<string, string[]>();
    for (const { key, text } of found) byText.set(text, [...(byText.get(text) ?? []), key]);
    expect([...byText.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
