import { describe, expect, it } from 'vitest';
import { emailDomainRefusal, websiteDomainOf } from './email-domain.ts';

describe('the registrable domain an e-mail claim must be at', () => {
  it('is the website’s registrable domain, under public suffixes of two labels too', () => {
    expect(websiteDomainOf('https://www.deepmind.com/research')).toEqual({ ok: true, domain: 'deepmind.com' });
    expect(websiteDomainOf('https://lab.ox.ac.uk/tool')).toEqual({ ok: true, domain: 'ox.ac.uk' });
    expect(emailDomainRefusal('ada@cs.ox.ac.uk', 'ox.ac.uk')).toBeUndefined();
    expect(emailDomainRefusal('ada@OX.AC.UK', 'ox.ac.uk')).toBeUndefined();
  });

  it('refuses websites where an address proves nothing: shared hosting, platforms, free mail, addresses', () => {
    expect(websiteDomainOf('https://someone.github.io/tool')).toMatchObject({ ok: false });
    expect(websiteDomainOf('https://tool.herokuapp.com')).toMatchObject({ ok: false });
    expect(websiteDomainOf('https://github.com/owner/tool')).toMatchObject({ ok: false });
    expect(websiteDomainOf('https://huggingface.co/owner/model')).toMatchObject({ ok: false });
    expect(websiteDomainOf('http://192.0.2.10/')).toMatchObject({ ok: false });
    expect(websiteDomainOf(null)).toMatchObject({ ok: false });
  });

  it('refuses another domain, a look-alike, and free-mail providers', () => {
    expect(emailDomainRefusal('ada@deepmind.com.evil.net', 'deepmind.com')).toBe(
      'Use an address at deepmind.com, the domain of this item’s website.',
    );
    expect(emailDomainRefusal('ada@notdeepmind.com', 'deepmind.com')).toMatch(/^Use an address at deepmind\.com/);
    expect(emailDomainRefusal('ada@gmail.com', 'deepmind.com')).toBe(
      'gmail.com is a free e-mail provider: use an address at deepmind.com.',
    );
    expect(emailDomainRefusal('ada@mail.yandex.ru', 'deepmind.com')).toMatch(/^yandex\.ru is a free e-mail provider/);
  });
});
