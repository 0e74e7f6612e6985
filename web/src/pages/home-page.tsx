import { Hero } from '../components/home/hero.tsx';
import { DomainGrid } from '../components/home/domain-grid.tsx';
import { EarlyAccess } from '../components/home/early-access.tsx';
import { ComingSoon } from '../components/home/coming-soon.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export function HomePage() {
  usePageTitle('AI tools for science');
  return (
    <>
      <Hero />
      <DomainGrid />
      <EarlyAccess />
      <ComingSoon />
    </>
  );
}
