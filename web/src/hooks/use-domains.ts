import useSWR from 'swr';
import { fetchDomainCounts, fetchDomains } from '../data/domains.ts';

export function useDomains() {
  return useSWR('scientific-domains', fetchDomains);
}

export function useDomainCounts() {
  return useSWR('domain-counts', fetchDomainCounts);
}
