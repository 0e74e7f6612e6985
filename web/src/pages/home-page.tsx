import { useEffect } from 'react';
import { HOME_TITLE } from '@sciai/core';
import { Hero } from '../components/home/hero.tsx';
import { DomainGrid } from '../components/home/domain-grid.tsx';
import { EarlyAccess } from '../components/home/early-access.tsx';
import { ComingSoon } from '../components/home/coming-soon.tsx';
import { t } from '../i18n/index.ts';

export function HomePage() {
  useEffect(() => {
    document.title = t(HOME_TITLE);
  }, []);
  return (
    <>
      <Hero />
      <DomainGrid />
      <EarlyAccess />
      <ComingSoon />
    </>
  );
}
