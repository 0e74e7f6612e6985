import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA_NOTICE, type SearchCard } from '@sciai/core';
import { browseSummaryHtml } from './browse-summary-html.ts';
import { landingSummaryHtml } from './landing-summary-html.ts';

describe('plain-HTML summaries of the landing and browse pages', () => {
  it('gives the landing its headline, lead and a search form that works without script', () => {
    const html = landingSummaryHtml();
    expect(html).toMatch(/<h1[^>]*>82% of scientists don’t use AI effectively<\/h1>/);
    expect(html).toMatch(
      /<form role="search" action="\/browse" method="get"[^>]*><input type="search" name="search" aria-label="Search AI tools for science"/,
    );
    expect(html).toContain('<a href="/browse">Browse all AI tools</a>');
    expect(html).not.toContain('Explore by Scientific Field');
  });

  it('lists the scientific fields with their counts on the landing, as links to their browse pages', () => {
    const html = landingSummaryHtml([
      { slug: 'chemistry', name: 'Chemistry <&>', count: 1_234 },
      { slug: 'physics', name: 'Physics', count: 1 },
    ]);
    expect(html).toContain('Explore by Scientific Field');
    expect(html).toMatch(
      /<a data-result-card href="\/browse\?domain=chemistry"[^>]*><strong[^>]*>Chemistry &lt;&amp;&gt;<\/strong><br><span[^>]*>1\.2K items<\/span>/,
    );
    expect(html).toMatch(/>1 item<\/span>/);
  });

  it('shows the sample-data notice on the browse page only while the setting is on', () => {
    const on = browseSummaryHtml({ sampleDataBanner: true });
    const off = browseSummaryHtml({ sampleDataBanner: false });
    for (const html of [on, off]) {
      expect(html).toMatch(/<h1[^>]*>Browse AI Tools<\/h1>/);
      expect(html).toContain('<a href="/browse?type=paper">Research Papers</a>');
    }
    expect(on).toContain(SAMPLE_DATA_NOTICE);
    expect(off).not.toContain('sample/demo data');
  });

  it('lists the first page of results as cards linking to their items, every text escaped', () => {
    const card = {
      slug: 'evil-tool',
      title: 'Evil </script><b>bold</b>',
      content_type: 'software',
      short_description: 'A "quoted" & <i>tagged</i> summary',
      organization: { name: 'Lab <x>', type: null, size: null },
    } as const;
    const html = browseSummaryHtml({ sampleDataBanner: false, results: [card as unknown as SearchCard] });
    expect(html).toContain('<article data-result-card');
    expect(html).toContain('<a href="/tool/evil-tool">Evil &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;</a>');
    expect(html).toContain('Software · Lab &lt;x&gt;');
    expect(html).toContain('A &quot;quoted&quot; &amp; &lt;i&gt;tagged&lt;/i&gt; summary');
    expect(html).not.toMatch(/<(script|b|i|x)>/);
    expect(browseSummaryHtml({ sampleDataBanner: false, results: [] })).not.toContain('data-result-card');
  });

  it('shows a card’s rating by ORCID-verified reviewers, in words too, and nothing without one', () => {
    const card = (rating: unknown) =>
      ({ slug: 'tool', title: 'Tool', content_type: 'software', organization: null, rating }) as unknown as SearchCard;
    const rated = browseSummaryHtml({
      sampleDataBanner: false,
      results: [card({ verified_count: 12, verified_average: 4.62, score: 4.4, other_count: 0, other_average: null })],
    });
    expect(rated).toContain('Software · <span aria-hidden="true">4.6 ★ (12)</span>');
    expect(rated).toContain('<span class="visually-hidden">Rated 4.6 out of 5 by 12 ORCID-verified reviewers</span>');
    const othersOnly = browseSummaryHtml({
      sampleDataBanner: false,
      results: [card({ verified_count: 0, verified_average: null, score: null, other_count: 3, other_average: 5 })],
    });
    expect(othersOnly).not.toContain('★');
  });
});
