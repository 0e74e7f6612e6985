import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA_NOTICE } from '@sciai/core';
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
});
