import { describe, expect, it } from 'vitest';
import { useBrowser, openPage } from './browser.ts';
import { searchAsVisitor, showing, query, filterPanel } from './browse-support.ts';
import { createAccount, addressesIn, fillSignIn } from './session.ts';

const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.141');

describe('browse search', () => {
  it('searches from the navigation bar, with the query in the URL and the box', async () => {
    const expected = await searchAsVisitor({ search: 'protein structure' });
    expect(expected.total).toBeGreaterThan(0);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/about');
      const nav = page.getByRole('banner').getByRole('searchbox', { name: 'Search the catalog' });
      await nav.fill('  protein structure ');
      await nav.press('Enter');
      await page.waitForURL('**/browse?search=protein%20structure');
      await showing(page, 20, expected.total);
      expect(await page.getByRole('searchbox', { name: 'Search AI tools' }).inputValue()).toBe('protein structure');
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(expected.items[0]?.title);
    } finally {
      await close();
    }
  });

  it('follows typing in the search box after a pause, replacing the history entry', async () => {
    const expected = await searchAsVisitor({ search: 'crystal' });
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse');
      await page.getByText(/^Showing 1-/).waitFor();
      const historyLength = await page.evaluate('history.length');
      await page.getByRole('searchbox', { name: 'Search AI tools' }).pressSequentially('crystal', { delay: 40 });
      await page.waitForURL('**/browse?search=crystal');
      await showing(page, 20, expected.total);
      expect(await page.evaluate('history.length')).toBe(historyLength);
    } finally {
      await close();
    }
  });

  it('narrows the query with Search Within Results, and works from the keyboard', async () => {
    const query = await searchAsVisitor({ search: 'protein' });
    const narrowed = await searchAsVisitor({ search: 'protein alphafold' });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.total).toBeLessThan(query.total);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?search=protein');
      await showing(page, 20, query.total);
      const panel = filterPanel(page);
      await panel.getByRole('searchbox', { name: 'Search Within Results' }).fill('alphafold');
      await page.waitForURL('**/browse?search=protein&within=alphafold');
      await showing(page, 20, narrowed.total);
      await panel.getByRole('button', { name: 'Remove filter: Within results: alphafold' }).waitFor();

      // A filter changed with the keyboard keeps the focus where it was.
      const biology = panel.getByRole('checkbox', { name: /^Biology/ });
      await biology.focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.get('domain') === 'biology');
      expect(await biology.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

      await panel.getByRole('button', { name: 'Clear search within results' }).click();
      await page.waitForURL((url) => !url.searchParams.has('within') && url.searchParams.get('search') === 'protein');
    } finally {
      await close();
    }
  });

  it('corrects a misspelt query, keeping what was typed in the URL', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?search=protien%20foldng');
      const note = page.getByTestId('corrected-search');
      await note.waitFor();
      expect(await note.textContent()).toBe('Showing results for protein folding');
      await page.getByRole('article').filter({ hasText: 'AlphaFold' }).first().waitFor();
      expect(query(page).get('search')).toBe('protien foldng');
      expect(await page.getByRole('searchbox', { name: 'Search AI tools' }).inputValue()).toBe('protien foldng');
    } finally {
      await close();
    }
  });

  it('shows the empty state for a query nothing matches, and offers a correction when there is one', async () => {
    const { page, close } = await openPage(browser());
    try {
      await page.goto(`/browse?search=${encodeURIComponent('qwxzv %,(_)"\\ plokmn')}`);
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      for (const suggestion of [
        'Check your spelling',
        'Use more general terms',
        'Remove some filters',
        'Try different keywords',
      ]) {
        await page.getByText(suggestion).waitFor();
      }
      expect(await page.getByText(/^Showing 1-/).count()).toBe(0);
      expect(await page.getByTestId('partial-match').count()).toBe(0);

      // Misspelt and filtered to nothing: the search offers its correction instead.
      const answer = await searchAsVisitor({ search: 'protien foldng', domains: ['social_science'] });
      expect(answer.total).toBe(0);
      expect(answer.suggestion).toBe('protein folding');
      await page.goto('/browse?search=protien%20foldng&domain=social_science');
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      await page.getByRole('link', { name: 'protein folding' }).click();
      await page.waitForURL((url) => url.searchParams.get('search') === 'protein folding');
      expect(query(page).get('domain')).toBe('social_science');
    } finally {
      await close();
    }
  });

  it('shows the items matching some of the words, saying so, when all of them find nothing', async () => {
    const answer = await searchAsVisitor({ search: 'alphafold qwxzv' });
    expect(answer.partial_match).toBe(true);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?search=alphafold%20qwxzv');
      const note = page.getByTestId('partial-match');
      await note.waitFor();
      expect(await note.textContent()).toBe('No exact matches; showing items matching some of your words');
      expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(answer.items[0]?.title);
      // an exact match says nothing of the kind
      await page.goto('/browse?search=alphafold');
      await page.getByRole('article').first().waitFor();
      expect(await page.getByTestId('partial-match').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('follows a few full matches with the items matching some of the words, under a line saying so', async () => {
    const answer = await searchAsVisitor({ search: 'climate nlp' });
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.partial_from).toBe(answer.total);
    const partial = answer.items.length - answer.total;
    expect(partial).toBeGreaterThan(0);
    const { page, close } = await openPage(browser());
    try {
      await page.goto('/browse?search=climate%20nlp');
      const divider = page.getByTestId('partial-fill');
      await divider.waitFor();
      expect(await divider.textContent()).toBe('Items matching some of your words');
      const items = (count: number) => (count === 1 ? 'item matches' : 'items match');
      await page
        .getByText(`${answer.total} ${items(answer.total)} all your words, then ${partial} match some of them`, {
          exact: true,
        })
        .waitFor();
      expect(await page.getByRole('list', { name: 'Results' }).getByRole('article').count()).toBe(answer.total);
      const rest = page.getByRole('list', { name: 'Items matching some of your words' }).getByRole('article');
      expect(await rest.count()).toBe(partial);
      expect(await rest.first().getByRole('heading').textContent()).toBe(answer.items[answer.total]?.title);
      expect(await page.getByTestId('partial-match').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('offers "Suggest this tool" on an empty result, opening the wizard with the query as the name', async () => {
    const account = await createAccount('suggest-tool', address(1), { first: 'Barbara', last: 'McClintock' });
    const { page, close } = await openPage(browser(), fromAddress(2));
    try {
      await page.goto('/browse?search=Qwxzv%20Plokmn');
      await page.getByRole('heading', { name: 'No results found' }).waitFor();
      const suggest = page.getByRole('link', { name: 'Suggest this tool' });
      expect(await suggest.getAttribute('href')).toBe('/contribute?name=Qwxzv+Plokmn');
      await suggest.click();
      // a visitor signs in first, and comes back to the wizard with the name kept
      await page.waitForURL('**/auth/signin?**');
      await fillSignIn(page, account.email);
      const title = page.getByRole('textbox', { name: 'Title', exact: true });
      await title.waitFor();
      await page.waitForURL((url) => url.pathname === '/contribute' && !url.searchParams.has('name'));
      expect(await title.inputValue()).toBe('Qwxzv Plokmn');
    } finally {
      await close();
    }
  });
});
