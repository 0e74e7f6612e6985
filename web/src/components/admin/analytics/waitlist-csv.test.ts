import { describe, expect, it } from 'vitest';
import { csvCell, waitlistCsv } from './waitlist-csv.ts';

describe('waitlist CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${lead}HYPERLINK("x")`).replace(/^"/, '').startsWith(`'${lead}`)).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a-b')).toBe('a-b');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and leaves missing values empty', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and one line per sign-up', () => {
    const csv = waitlistCsv([
      {
        email: 'a@example.org',
        first_name: 'Ada',
        last_name: null,
        referral_source: '@friend',
        additional_info: 'x,y',
        created_at: '2026-11-20T10:00:00Z',
      },
    ]);
    expect(csv).toBe(
      'email,first_name,last_name,referral_source,additional_info,created_at\r\na@example.org,Ada,,\'@friend,"x,y",2026-11-20T10:00:00Z\r\n',
    );
  });
});
