import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser.ts';
import { addressesIn, createTotpAdmin, signInWithTotp, type TotpAdmin } from './session.ts';

/**
 * The admin area and the reading pages (About, About the data, Open data, API) in Arabic, right
 * to left on a laptop and a phone, and the admin area in Chinese (docs/product.md#languages).
 */
const browser = useBrowser();
const { address, fromAddress } = addressesIn('198.51.219');
const LAPTOP = { width: 1366, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

let admin: TotpAdmin;
beforeAll(async () => {
  admin = await createTotpAdmin('e2e-admin-languages', address(10), { first: 'Amal', last: 'Admin' });
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function expectRightToLeft(page: Page, width: number): Promise<void> {
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  if (width < 768) {
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  }
}

describe('the admin area and the reading pages in other languages', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`reads About, About the data, Open data and the API in Arabic at ${viewport.width} px`, async () => {
      const { page, consoleErrors, close } = await openPage(browser(), { viewport });
      try {
        await page.goto('/ar/about');
        await heading(page, 'عن SciAI').waitFor();
        await page.getByRole('heading', { level: 2, name: 'فجوة الـ 82%' }).waitFor();
        await expectRightToLeft(page, viewport.width);

        await page.goto('/ar/about/data');
        await heading(page, 'حول البيانات').waitFor();
        await page.getByTestId('data-total').waitFor();
        expect(await page.getByTestId('data-total').innerText()).toMatch(/منشور/);
        await expectRightToLeft(page, viewport.width);

        await page.goto('/ar/data');
        await heading(page, 'البيانات المفتوحة').waitFor();
        await page.getByRole('heading', { level: 2, name: 'الترخيص' }).waitFor();
        await expectRightToLeft(page, viewport.width);

        await page.goto('/ar/api');
        await heading(page, 'واجهة SciAI البرمجية (API)').waitFor();
        await page.getByRole('heading', { level: 2, name: 'حدود المعدّل' }).waitFor();
        await expectRightToLeft(page, viewport.width);
        expect(consoleErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  // one sign-in for all: the admin's two-factor code of a time step is taken once
  it('runs the admin area in Arabic on a laptop and a phone, and in Chinese', async () => {
    const { page, consoleErrors, close } = await openPage(browser(), { viewport: LAPTOP, ...fromAddress(20) });
    try {
      await signInWithTotp(page, '/admin', admin);
      await heading(page, 'Admin Dashboard').waitFor();

      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto('/ar/admin');
        await heading(page, 'لوحة الإدارة').waitFor();
        await page.getByRole('group', { name: 'حالة النظام' }).waitFor();
        await expectRightToLeft(page, viewport.width);

        await page.getByRole('navigation', { name: 'المسؤول' }).getByRole('link', { name: 'المستخدمون' }).click();
        await page.waitForURL('**/ar/admin/users');
        await heading(page, 'إدارة المستخدمين').waitFor();
        await page.getByRole('columnheader', { name: 'الأدوار' }).waitFor();
        await expectRightToLeft(page, viewport.width);
      }

      await page.setViewportSize(LAPTOP);
      await page.goto('/zh/admin/security');
      await heading(page, '安全').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      await page.getByRole('button', { name: '刷新' }).waitFor();
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
