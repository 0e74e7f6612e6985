import { parse } from 'tldts';
import { FREE_MAIL_DOMAINS, SHARED_PLATFORM_DOMAINS } from '@sciai/core';

/** Private suffixes count (github.io, herokuapp.com…): a site there is one tenant's among many. */
const OPTIONS = { allowPrivateDomains: true } as const;

export type WebsiteDomain = { ok: true; domain: string } | { ok: false; message: string };

/**
 * The registrable domain an address must be at to prove the item's website, or why the website
 * cannot be proven by e-mail: none, an address on shared hosting or a platform, a free-mail
 * provider's own domain, or an IP address.
 */
export function websiteDomainOf(website: string | null): WebsiteDomain {
  if (!website) return { ok: false, message: 'This item has no website, so it cannot be claimed by e-mail.' };
  const parsed = parse(website, OPTIONS);
  if (parsed.isIp || !parsed.domain)
    return { ok: false, message: 'This item’s website has no domain an e-mail address could be at.' };
  if (parsed.isPrivate)
    return {
      ok: false,
      message: `This item’s website is on shared hosting (${parsed.publicSuffix}), where an e-mail address proves nothing. Claim it another way.`,
    };
  if (SHARED_PLATFORM_DOMAINS.has(parsed.domain) || FREE_MAIL_DOMAINS.has(parsed.domain))
    return {
      ok: false,
      message: `This item’s website is a page on ${parsed.domain}, where an e-mail address proves nothing. Claim it another way.`,
    };
  return { ok: true, domain: parsed.domain };
}

/** Why this address cannot prove the website, or undefined when its registrable domain matches. */
export function emailDomainRefusal(email: string, websiteDomain: string): string | undefined {
  const at = email.lastIndexOf('@');
  const host = email.slice(at + 1).toLowerCase();
  const parsed = parse(host, OPTIONS);
  if (parsed.isIp || !parsed.domain) return 'Enter an e-mail address at a domain.';
  if (FREE_MAIL_DOMAINS.has(parsed.domain))
    return `${parsed.domain} is a free e-mail provider: use an address at ${websiteDomain}.`;
  if (parsed.domain !== websiteDomain) return `Use an address at ${websiteDomain}, the domain of this item’s website.`;
  return undefined;
}
