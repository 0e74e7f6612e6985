import { describe, expect, inject, it } from 'vitest';
import { MOBILE, openPage, useBrowser } from './browser.ts';

/**
 * /data as a visitor sees it (files, checksums, licence, schema), and the embed builder: its
 * snippets follow the choices, its preview shows the widget, and the script snippet pasted into
 * another page builds the iframe.
 */
const browser = useBrowser();
const backend = inject('backend');

interface Manifest {
  generated_at: string;
  files: Array<{ name: string; sha256: string }>;
}

/** The manifest, once the server has made the files (it does at start, in the background). */
async function manifest(): Promise<Manifest> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${backend.url}/data/manifest.json`);
    if (response.status === 200) return (await response.json()) as Manifest;
    await response.body?.cancel();
    if (Date.now() > deadline) throw new Error('the open data files were never made');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

describe('/data', () => {
  it('lists the files with their SHA-256, the generation time, the licence and the schema, on a phone too', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: MOBILE });
    try {
      // The files are made again when an item's records change, which other journeys on this
      // server do: the page is compared with a manifest that stayed the same while it loaded.
      // The manifest may be cached for 30 seconds; a routed request skips the browser's cache,
      // so a second attempt reads the manifest of now, not the first attempt's.
      await page.route('**/data/manifest.json', (route) => route.continue());
      for (let attempt = 1; ; attempt += 1) {
        const stated = await manifest();
        await page.goto('/data');
        await page.getByRole('heading', { level: 1, name: 'Open data' }).waitFor();
        await page.getByTestId('data-generated').waitFor();
        const shown = await Promise.all(
          stated.files.map(async (file) => page.getByTestId(`sha256-${file.name}`).textContent()),
        );
        if ((await manifest()).generated_at !== stated.generated_at && attempt < 6) continue;
        expect(shown).toEqual(stated.files.map((file) => file.sha256));
        break;
      }
      expect(await page.title()).toBe('Open data — SciAI');
      const download = page.getByRole('link', { name: 'catalog.jsonl.gz' });
      expect(await download.getAttribute('href')).toBe('/data/catalog.jsonl.gz');
      expect(await page.getByRole('link', { name: /Creative Commons Attribution 4\.0/ }).count()).toBe(1);
      expect(await page.getByText('content_type, slug, path, title').count()).toBe(1);
      // the sources' licences, share-alike marked (docs/product.md#sources)
      const licences = await page.getByRole('list', { name: 'Source licences' }).innerText();
      expect(licences).toContain('best-of-atomistic-machine-learning: CC BY-SA 4.0 (share-alike)');
      expect(licences).toContain('bio.tools: CC BY 4.0');
      expect(await page.getByTestId('share-alike-included').innerText()).toContain(
        'text copied from best-of-atomistic-machine-learning keeps its licence',
      );
      // no sideways scrolling at 375 px: the table scrolls within itself
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the embed snippet generator', () => {
  it('writes snippets for the chosen options, previews the widget, and its script snippet builds the iframe', async () => {
    const { page, consoleErrors, close } = await openPage(browser());
    try {
      await page.goto('/embed/builder');
      await page.getByRole('heading', { level: 1, name: 'Embed SciAI' }).waitFor();
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Software' }).click();
      const items = page.getByRole('textbox', { name: 'Items' });
      await items.fill('3');
      await page.getByText('Dark', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Heading' }).fill('Tools we use');

      const iframeSnippet = page.getByTestId('embed-iframe-snippet');
      await expect.poll(() => iframeSnippet.textContent()).toContain('limit=3');
      const html = (await iframeSnippet.textContent())!;
      expect(html).toContain(`src="${backend.url}/embed?type=software&amp;sort=trending&amp;limit=3&amp;theme=dark`);
      expect(html).toContain('title="Tools we use"');
      const script = (await page.getByTestId('embed-script-snippet').textContent())!;
      expect(script).toBe(
        `<script src="${backend.url}/embed.js" data-type="software" data-sort="trending" data-limit="3" data-theme="dark" data-title="Tools we use" async></script>`,
      );

      // the preview is the widget itself
      const preview = page.frameLocator('[data-testid="embed-preview"]');
      await preview.getByRole('heading', { name: 'Tools we use' }).waitFor();
      const previewCount = await preview.locator('li').count();
      expect(previewCount).toBeGreaterThan(0);
      expect(previewCount).toBeLessThanOrEqual(3);

      await page.getByRole('button', { name: 'Copy html snippet' }).click();
      await page.getByRole('button', { name: 'Copied' }).first().waitFor();

      // pasted into another page, the script snippet makes the iframe. (The page is written on this
      // origin: Chromium's private-network rule keeps a public page from loading a loopback server's
      // script at all; framing by other sites is the CSP's frame-ancestors *, checked by the API tests.)
      await page.setContent(
        `<!doctype html><html><head><title>Lab</title></head><body><h1>Lab page</h1>${script}</body></html>`,
      );
      const widget = page.frameLocator('iframe');
      await widget
        .getByRole('heading', { name: 'Tools we use' })
        .waitFor({ timeout: 30_000 })
        .catch(async (error: unknown) => {
          throw new Error(`no widget: ${String(error)} ${await page.content()} ${consoleErrors.join(' | ')}`);
        });
      const links = await widget
        .locator('li a')
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as unknown as { href: string }).href));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).pathname).toMatch(/^\/tool\//);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
