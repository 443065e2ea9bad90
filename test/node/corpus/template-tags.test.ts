import { describe, expect, it } from 'vitest';
import { stripTemplateTags } from '../../../electron/corpus/template-tags';

describe('stripTemplateTags', () => {
  it('removes ERB tags of every kind and keeps the prose between them', () => {
    const text = '<%= partial "header" %>\nWe deploy<% if prod? %> after approval<% end %>.<%# note %>';
    expect(stripTemplateTags(text, 'erb')).toEqual({ text: '\nWe deploy after approval.', removed: 4 });
  });

  it('removes Jinja statements, expressions and comments', () => {
    expect(stripTemplateTags('{% if x %}A {{ name }}{# c #}{% endif %}', 'jinja')).toEqual({ text: 'A ', removed: 4 });
  });

  it('removes mustache tags only, leaving ERB-like text alone', () => {
    expect(stripTemplateTags('Hi {{name}} <% x %>', 'mustache')).toEqual({ text: 'Hi  <% x %>', removed: 1 });
  });

  it('leaves an opening tag that never closes, and still removes closed tags of another kind after it', () => {
    expect(stripTemplateTags('a {% open b {{ c }} d', 'jinja')).toEqual({ text: 'a {% open b  d', removed: 1 });
  });

  it('returns the text unchanged when it has no tags', () => {
    expect(stripTemplateTags('# Title\n\nPlain.', 'erb')).toEqual({ text: '# Title\n\nPlain.', removed: 0 });
  });
});
