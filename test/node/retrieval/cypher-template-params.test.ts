import { describe, expect, it } from 'vitest';
import { checkTemplateParams, findTemplate } from '../../../electron/retrieval/cypher-template-retriever';
import type { SavedQuery } from '../../../shared/trace-record';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

const builtin = (id: string) => findTemplate(id, [], DEFAULT_SCHEMA_PROFILE) as SavedQuery;

describe('the parameters a cypher-mode request gives its template', () => {
  it('takes the parameters the template reads', () => {
    expect(() => checkTemplateParams(builtin('claims-about-service'), { service: 'payments-gateway' })).not.toThrow();
    expect(() => checkTemplateParams(builtin('chunks-containing'), {})).not.toThrow();
  });

  it('refuses a misspelt parameter, naming it and the one it most likely meant, rather than run without it', () => {
    expect(() => checkTemplateParams(builtin('claims-about-service'), { servce: 'payments-gateway' })).toThrow(
      expect.objectContaining({
        kind: 'invalid_input',
        message: 'The query template "claims-about-service" has no parameter "servce", so it would run without it.',
        hint: 'Did you mean "service"? The template reads: service.',
      }),
    );
    expect(() => checkTemplateParams(builtin('claims-about-service'), { team: 'x' })).toThrow(
      expect.objectContaining({ hint: 'The template reads: service.' }),
    );
    expect(() => checkTemplateParams(builtin('chunks-containing'), { text: 'x' })).toThrow(
      expect.objectContaining({ hint: 'The template reads no parameter of its own: leave the parameters out.' }),
    );
  });

  it('refuses a parameter the run sets itself, whose value would be dropped, prototype names alike', () => {
    for (const name of ['principal_id', 'query', 'top_k', 'acl_groups']) {
      expect(() => checkTemplateParams(builtin('claims-about-service'), { [name]: 'u-hana' })).toThrow(
        expect.objectContaining({
          message: `The parameter "${name}" of the query template "claims-about-service" is set by the run itself (the question, top_k, the principal and its access), so the value given for it would be dropped.`,
        }),
      );
    }
    const polluted = JSON.parse('{"__proto__": {"service": "x"}, "constructor": "y"}') as Record<string, unknown>;
    expect(() => checkTemplateParams(builtin('claims-about-service'), polluted)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('has no parameter "__proto__"') }),
    );
  });
});
