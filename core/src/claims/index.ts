export * from './claim-requests.ts';
export * from './free-mail-domains.ts';
