import { describe, expect, it } from 'vitest';
import { markdownNames, normaliseExtensions, templateSyntaxOf } from '../../../electron/corpus/markdown-extensions';
import { errorOf } from '../../support/lens-error-of';

describe('markdownNames', () => {
  it('reads .md and .markdown by default, in any case', () => {
    const names = markdownNames();
    expect(['a.md', 'B.MD', 'c.markdown', 'd.html.md'].map((n) => names.readExtension(n))).toEqual(['md', 'md', 'markdown', 'md']);
  });

  it.each([
    ['guide.md.erb', 'md.erb'],
    ['index.html.md.erb', 'md.erb'],
    ['notes.mdx', 'mdx'],
    ['paper.qmd', 'qmd'],
    ['x.markdown.liquid', 'markdown.liquid'],
  ])('names %s as markdown-like (%s) without reading it', (name, extension) => {
    const names = markdownNames();
    expect(names.readExtension(name)).toBeNull();
    expect(names.markdownLikeExtension(name)).toBe(extension);
  });

  it.each(['plain.txt', 'image.png', 'md', '.md', 'readme'])('neither reads nor names %s', (name) => {
    const names = markdownNames();
    expect(names.readExtension(name)).toBeNull();
    expect(names.markdownLikeExtension(name)).toBeNull();
  });

  it('reads the extensions given, preferring the longest that matches', () => {
    const names = markdownNames(['md.erb', 'mdx']);
    expect(names.readExtension('index.html.md.erb')).toBe('md.erb');
    expect(names.readExtension('notes.mdx')).toBe('mdx');
    expect(names.markdownLikeExtension('notes.mdx')).toBeNull();
  });
});

describe('normaliseExtensions', () => {
  it('accepts a leading dot, upper case, commas and repeats', () => {
    expect(normaliseExtensions(['.MD.ERB', 'mdx,qmd', 'mdx'])).toEqual(['md.erb', 'mdx', 'qmd']);
  });

  it.each(['md/erb', 'md..erb', 'm d'])('refuses %j with an error naming it', (value) => {
    const error = errorOf(() => normaliseExtensions([value]));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(value);
  });
});

describe('templateSyntaxOf', () => {
  it('knows ERB, Jinja-like and mustache engines by the last extension, and plain markdown as none', () => {
    expect(['md.erb', 'md.j2', 'md.liquid', 'md.hbs', 'md', 'mdx'].map(templateSyntaxOf)).toEqual([
      'erb',
      'jinja',
      'jinja',
      'mustache',
      null,
      null,
    ]);
  });
});
