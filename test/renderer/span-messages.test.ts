import { describe, expect, it } from 'vitest';
import { spanMessages } from '../../renderer/screens/workbench/span-messages';

const parameters = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the span messages', () => {
  it('word every code in English and Korean', () => {
    expect(Object.keys(spanMessages.ko).sort()).toEqual(Object.keys(spanMessages.en).sort());
  });

  it.each(Object.keys(spanMessages.en))('give %s the same parameters in both languages', (code) => {
    const key = code as keyof typeof spanMessages.en;
    expect(parameters(spanMessages.ko[key])).toEqual(parameters(spanMessages.en[key]));
  });
});
