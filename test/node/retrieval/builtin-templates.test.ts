import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATE_IDS } from '../../../shared/builtin-template-ids';
import { BUILTIN_TEMPLATES } from '../../../electron/retrieval/builtin-templates';

describe('the built-in query templates', () => {
  it('are exactly the ones the workbench offers, in its order', () => {
    expect(BUILTIN_TEMPLATES.map((template) => template.id)).toEqual([...BUILTIN_TEMPLATE_IDS]);
  });
});
