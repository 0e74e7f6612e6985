import { describe, expect, it } from 'vitest';
import { httpAddress, markdownParagraphs, markdownText } from './markdown-text.ts';

describe('catalog text in Markdown', () => {
  it('escapes HTML, links, images, emphasis and code so they read as written', () => {
    expect(markdownText('<img src=x onerror=alert(1)> & <b>')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;',
    );
    expect(markdownText('[click](javascript:alert(1)) ![i](x)')).toBe('\\[click\\](javascript:alert(1)) !\\[i\\](x)');
    expect(markdownText('*a* _b_ `c` ~~d~~ back\\slash')).toBe('\\*a\\* \\_b\\_ \\`c\\` \\~\\~d\\~\\~ back\\\\slash');
    expect(markdownText('<javascript:alert(1)>')).toBe('&lt;javascript:alert(1)&gt;');
  });

  it('keeps a line from opening a heading, list, quote or table', () => {
    expect(markdownText('# Heading')).toBe('\\# Heading');
    expect(markdownText('- item')).toBe('\\- item');
    expect(markdownText('+ item')).toBe('\\+ item');
    expect(markdownText('> quote')).toBe('&gt; quote');
    expect(markdownText('2021. A year')).toBe('2021\\. A year');
    expect(markdownText('3) three')).toBe('3\\) three');
    expect(markdownText('| a | b |')).toBe('\\| a | b |');
    expect(markdownText('=====')).toBe('\\=====');
    expect(markdownText('state-of-the-art, e.g. 1.5x')).toBe('state-of-the-art, e.g. 1.5x');
    expect(markdownParagraphs('one\n\n# two\n- three')).toBe('one\n\n\\# two - three');
  });

  it('links only absolute http(s) addresses', () => {
    expect(httpAddress('https://example.org/a b(1)')).toBe('https://example.org/a%20b%281%29');
    expect(httpAddress('HTTP://example.org')).toBe('HTTP://example.org');
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/relative',
      'http://',
      ' jav\tascript:x',
      null,
    ]) {
      expect(httpAddress(url)).toBeUndefined();
    }
  });
});
