import useSWR from 'swr';
import { domainCountsKey, domainsKey, fetchDomainCounts, fetchDomains } from '../data/domains.ts';
import { embeddedDomainCounts, embeddedDomains } from '../data/initial-data.ts';

/** The scientific domains; on the landing and browse pages, known from the first render (the HTML carries them). */
export function useDomains() {
  const fallbackData = embeddedDomains();
  return useSWR(domainsKey(), fetchDomains, fallbackData === undefined ? {} : { fallbackData });
}

export function useDomainCounts() {
  const fallbackData = embeddedDomainCounts();
  return useSWR(domainCountsKey(), fetchDomainCounts, fallbackData === undefined ? {} : { fallbackData });
}
