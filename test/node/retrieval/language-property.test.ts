import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import type { GraphGateway, ReadResult } from '../../../electron/graph/read-gateway';
import { languagePropertyPresent } from '../../../electron/retrieval/language-property';
import type { RunLog } from '../../../electron/retrieval/retrieval-stages';
import { requireLanguageProperty, type PlanInputs } from '../../../electron/retrieval/retrieval-plan';
import type { RequestFailure } from '../../../electron/retrieval/request-validation';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../../shared/schema-profile';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';

/** A run log whose graph answers `present` to the language question (given the query's text), counting the questions. */
function fakeLog(present: (text: string) => number) {
  const log = {
    reads: 0,
    read: (query: { text: string }) => (
      (log.reads += 1),
      Promise.resolve({ rows: [{ present: present(query.text) }] } as unknown as ReadResult)
    ),
  };
  return log;
}

/** The default profile with its language property named `language`. */
function profileWith(language: string): SchemaProfile {
  return {
    ...DEFAULT_SCHEMA_PROFILE,
    properties: { ...DEFAULT_SCHEMA_PROFILE.properties, document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, language } },
  };
}

describe('a language filter on a graph without the language property', () => {
  it('fails closed naming the property the schema profile names, in English and Korean', async () => {
    const log = fakeLog(() => 0);
    const profile = {
      ...DEFAULT_SCHEMA_PROFILE,
      properties: {
        ...DEFAULT_SCHEMA_PROFILE.properties,
        document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, language: 'lang_code' },
      },
    };
    const inputs = { request: { filters: { language: 'ko' } }, log, deadline: Deadline.after(1_000) } as unknown as PlanInputs;
    const failure = await requireLanguageProperty(inputs, {} as GraphGateway, profile).then(
      () => null,
      (error: unknown) => error as RequestFailure,
    );
    expect(failure?.outcome).toBe('unsupported_filter');
    expect(failure?.message).toContain('no document in this graph has the property lang_code, which the schema profile names');
    expect(wordCore(failure?.said as CoreMessage, 'ko')).toContain('속성 lang_code(properties.document.language)');
  });
});

describe('the language property check of a connection', () => {
  it('asks the graph once per connection after a yes', async () => {
    const log = fakeLog(() => 1);
    const gateway = {} as GraphGateway;
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language'))).toBe(true);
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language'))).toBe(true);
    expect(log.reads).toBe(1);
    // Another connection asks for itself.
    expect(
      await languagePropertyPresent({} as GraphGateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language')),
    ).toBe(true);
    expect(log.reads).toBe(2);
  });

  it('asks again after a no, so a key a load adds later is seen by the next run', async () => {
    let present = 0;
    const log = fakeLog(() => present);
    const gateway = {} as GraphGateway;
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language'))).toBe(false);
    present = 1;
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language'))).toBe(true);
    expect(log.reads).toBe(2);
  });

  it('asks for the profile’s language property, and a yes for one name is no yes for another', async () => {
    const log = fakeLog((text) => (text.includes('.`lang` IS NOT NULL') ? 1 : 0));
    const gateway = {} as GraphGateway;
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('lang'))).toBe(true);
    expect(await languagePropertyPresent(gateway, log as unknown as RunLog, Deadline.after(1_000), profileWith('language'))).toBe(false);
    expect(log.reads).toBe(2);
  });
});
