import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@sciai/core';
import { readRouteModules, withRouteModules } from './route-modules.ts';

function buildWith(manifest: unknown): string {
  const dist = mkdtempSync(join(tmpdir(), 'route-modules-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('route modules', () => {
  it("lists a page's chunk and its imports that the entry does not import already", () => {
    const dist = buildWith({
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-b.js' },
      '_tabs.js': { file: 'assets/tabs-c.js', imports: ['_react.js'] },
      'src/pages/browse-page.tsx': { file: 'assets/browse-page-d.js', imports: ['_react.js', '_tabs.js'] },
      'src/pages/home-page.tsx': { file: 'assets/home-page-e.js', imports: ['_react.js'] },
    });
    const modules = readRouteModules(dist);
    expect(modules(ROUTES.browse)).toEqual(['/assets/browse-page-d.js', '/assets/tabs-c.js']);
    expect(modules(ROUTES.tool)).toEqual([]);
    expect(modules(ROUTES.home)).toEqual(['/assets/home-page-e.js']);
    expect(modules(ROUTES.about)).toEqual([]);
  });

  it('adds nothing without a manifest', () => {
    expect(readRouteModules(mkdtempSync(join(tmpdir(), 'route-modules-')))(ROUTES.browse)).toEqual([]);
  });

  it("appends the modules to the boot script's list in index.html", () => {
    const html =
      '<meta name="sciai-app-entry" content="/assets/index-a.js" data-modules="/assets/react-b.js" data-styles="/a.css">';
    expect(withRouteModules(html, ['/assets/browse-page-d.js'])).toBe(
      '<meta name="sciai-app-entry" content="/assets/index-a.js" data-modules="/assets/react-b.js /assets/browse-page-d.js" data-styles="/a.css">',
    );
    expect(withRouteModules(html, [])).toBe(html);
  });
});
