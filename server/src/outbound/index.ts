export {
  createGuardedFetch,
  refusalOf,
  trustHosts,
  trustOrigins,
  type GuardedFetch,
  type GuardedFetchOptions,
  type Resolve,
} from './guarded-fetch.ts';
export { classifyAddress, isPrivateName, isPublicAddress, type AddressVerdict } from './address-policy.ts';
