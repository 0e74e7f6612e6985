import useSWR from 'swr';
import { domainCountsKey, domainsKey, fetchDomainCounts, fetchDomains } from '../data/domains.ts';

export function useDomains() {
  return useSWR(domainsKey(), fetchDomains);
}

export function useDomainCounts() {
  return useSWR(domainCountsKey(), fetchDomainCounts);
}
