import { useEffect } from 'react';
import { HOME_TITLE } from '@sciai/core';
import { Hero } from '../components/home/hero.tsx';
import { DomainGrid } from '../components/home/domain-grid.tsx';
import { EarlyAccess } from '../components/home/early-access.tsx';
import { ComingSoon } from '../components/home/coming-soon.tsx';

export function HomePage() {
  useEffect(() => {
    document.title = HOME_TITLE;
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
