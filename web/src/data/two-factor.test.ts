import { describe, expect, it } from 'vitest';
import { qrCodeImageSource } from './two-factor.ts';

describe('qrCodeImageSource', () => {
  it('escapes the SVG that supabase-js puts unescaped behind a data: prefix', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#ffffff" d="M0 0h8v8H0z"/></svg>';
    const source = qrCodeImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    // A "#" left in place would end the URI at the first colour.
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(svg);
  });

  it('accepts the raw SVG too, and leaves a base64 data URI as it is', () => {
    expect(qrCodeImageSource('<svg></svg>')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg></svg>')}`,
    );
    expect(qrCodeImageSource('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
