/**
 * Domains where anyone can get an address, so an address there proves nothing about who runs a
 * website: the large free webmail providers and their country and legacy domains, privacy relays
 * and the common disposable-mail services. Kept by hand from the providers' own sign-up pages
 * (Gmail, Outlook.com, Yahoo Mail, iCloud Mail, Proton Mail, Tuta, GMX, mail.com, Zoho Mail,
 * Yandex Mail, Mail.ru, QQ Mail, NetEase, Naver, Fastmail and the rest below) and the disposable
 * services seen refused elsewhere; add a domain when a refusal is missed. Compared by
 * registrable domain, so a subdomain of one is refused too.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Google, Microsoft, Yahoo, Apple, AOL
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'hotmail.de',
  'hotmail.it', 'hotmail.es', 'live.com', 'live.co.uk', 'live.fr', 'live.de', 'msn.com', 'passport.com',
  'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'yahoo.it', 'yahoo.es', 'yahoo.co.jp', 'yahoo.co.in',
  'ymail.com', 'rocketmail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'aim.com',
  // privacy-first and independent providers
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'tutanota.com', 'tutanota.de', 'tuta.io', 'tuta.com',
  'fastmail.com', 'fastmail.fm', 'hey.com', 'posteo.de', 'posteo.net', 'mailbox.org', 'disroot.org', 'riseup.net',
  'runbox.com', 'startmail.com', 'zohomail.com', 'zoho.com', 'mail.com', 'email.com', 'usa.com', 'gmx.com',
  'gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch', 'web.de', 'freenet.de', 't-online.de', 'orange.fr', 'wanadoo.fr',
  'free.fr', 'laposte.net', 'sfr.fr', 'libero.it', 'virgilio.it', 'tiscali.it', 'seznam.cz', 'wp.pl', 'o2.pl',
  'interia.pl', 'onet.pl', 'btinternet.com', 'sky.com', 'comcast.net', 'verizon.net', 'att.net', 'sbcglobal.net',
  'cox.net', 'charter.net', 'earthlink.net', 'shaw.ca', 'rogers.com', 'bigpond.com', 'optusnet.com.au',
  // Russia, China, Korea, India
  'yandex.ru', 'yandex.com', 'ya.ru', 'mail.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru', 'qq.com',
  'foxmail.com', '163.com', '126.com', 'yeah.net', 'sina.com', 'sina.cn', 'sohu.com', 'aliyun.com', 'naver.com',
  'daum.net', 'hanmail.net', 'rediffmail.com',
  // forwarding relays and disposable mail
  'duck.com', 'privaterelay.appleid.com', 'simplelogin.com', 'anonaddy.com', 'addy.io', 'mailinator.com',
  'guerrillamail.com', 'sharklasers.com', '10minutemail.com', 'temp-mail.org', 'tempmail.com', 'yopmail.com',
  'trashmail.com', 'dispostable.com', 'maildrop.cc', 'getnada.com', 'throwawaymail.com', 'mailnesia.com',
]);

/**
 * Sites where an item's address is a page among many others' (a repository, a profile, a
 * record): an address at such a domain says nothing of who keeps that page. An item whose
 * website is on one is claimed another way.
 */
export const SHARED_PLATFORM_DOMAINS: ReadonlySet<string> = new Set([
  'github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org', 'sourceforge.net', 'huggingface.co', 'pypi.org',
  'npmjs.com', 'readthedocs.io', 'readthedocs.org', 'arxiv.org', 'doi.org', 'biorxiv.org', 'medrxiv.org',
  'zenodo.org', 'figshare.com', 'researchgate.net', 'google.com', 'sites.google.com', 'medium.com',
  'substack.com', 'notion.site', 'linkedin.com', 'x.com', 'twitter.com', 'youtube.com', 'kaggle.com',
  'colab.research.google.com', 'wikipedia.org', 'nature.com', 'sciencedirect.com', 'springer.com', 'wiley.com',
  'ieee.org', 'acm.org', 'openreview.net', 'paperswithcode.com', 'bio.tools', 'cran.r-project.org',
  'bioconductor.org', 'anaconda.org', 'docker.com', 'apple.com', 'microsoft.com', 'amazon.com',
]);
