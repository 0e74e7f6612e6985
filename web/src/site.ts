/** Where the footer's social links point. */
export const SOCIAL_LINKS = {
  twitter: 'https://twitter.com/sciai',
  github: 'https://github.com/sciai',
  email: 'mailto:hello@sciai.org',
} as const;

export const PRODUCT_NAME = 'SciAI';
