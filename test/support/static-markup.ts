import { DOMParser } from '@xmldom/xmldom';

// Reading a component rendered with renderToStaticMarkup: the markup parsed as a document, and the
// elements a test names by data-testid.

/** `markup` parsed inside one wrapping element. */
export const parseMarkup = (markup: string): Document => new DOMParser().parseFromString(`<div>${markup}</div>`, 'text/html');

/** Every element of `host` with this data-testid, in document order. */
export const allByTestId = (host: Document, testId: string): Element[] =>
  Array.from(host.getElementsByTagName('*')).filter((element) => element.getAttribute('data-testid') === testId);

/** The first element of `host` with this data-testid, or null. */
export const byTestId = (host: Document, testId: string): Element | null => allByTestId(host, testId)[0] ?? null;

/** The value of the option a select shows. */
export const selectedValue = (select: Element | null): string | null | undefined =>
  Array.from(select?.getElementsByTagName('option') ?? [])
    .find((option) => option.hasAttribute('selected'))
    ?.getAttribute('value');
