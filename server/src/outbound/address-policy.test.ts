import { describe, expect, it } from 'vitest';
import { classifyAddress, isPrivateName, isPublicAddress } from './address-policy.ts';

/** Every form of a non-public address is refused, whatever its spelling or wrapping. */
const REFUSED: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['127.1', 'loopback, short form'],
  ['2130706433', 'loopback, decimal'],
  ['0x7f000001', 'loopback, hex'],
  ['0x7f.0.0.1', 'loopback, hex first part'],
  ['017700000001', 'loopback, octal'],
  ['0177.0.0.1', 'loopback, octal first part'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.8', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'shared (CGNAT)'],
  ['100.127.255.254', 'shared (CGNAT)'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.1', 'benchmarking'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback in brackets'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, as the URL parser writes it'],
  ['[::ffff:7f00:1]', 'IPv4-mapped loopback in brackets'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['::5db8:d70e', 'IPv4-compatible, even of a public address'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b:1::5db8:d70e', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of a private address'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with a loopback client'],
  ['2001:0:a00:1:8000:63bf:a2ff:fefe', 'Teredo with a private server'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['febf::1', 'link-local, top of the range'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard-only'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:100::1', 'IETF protocol assignments'],
  ['5f00::1', 'segment routing'],
  ['4000::1', 'outside global unicast'],
];

const ALLOWED: Array<[string, string]> = [
  ['93.184.215.14', 'a public IPv4 address'],
  ['8.8.8.8', 'a public IPv4 address'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['2606:4700::6810:84e5', 'a public IPv6 address'],
  ['2a00:1450:4001:82a::200e', 'a public IPv6 address'],
  ['::ffff:5db8:d70e', 'IPv4-mapped public address'],
  ['64:ff9b::5db8:d70e', 'NAT64 of a public address (DNS64 networks)'],
  ['2002:5db8:d70e::1', '6to4 of a public address'],
];

describe('classifyAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(classifyAddress(address)?.public).toBe(false);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(ALLOWED)('allows %s (%s)', (address) => {
    expect(classifyAddress(address)?.public).toBe(true);
    expect(isPublicAddress(address)).toBe(true);
  });

  it('judges an embedded IPv4 address by what it is and names it', () => {
    expect(classifyAddress('::ffff:7f00:1')).toMatchObject({ ipv4: '127.0.0.1', range: 'ipv4Mapped:loopback' });
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toMatchObject({ ipv4: '169.254.169.254' });
    expect(classifyAddress('2002:a00:1::1')).toMatchObject({ ipv4: '10.0.0.1' });
    expect(classifyAddress('2001:0:4136:e378:8000:63bf:80ff:fffe')).toMatchObject({ ipv4: '127.0.0.1' });
  });

  it('answers nothing for what is not an address, and never calls it public', () => {
    for (const text of ['example.org', 'localhost', '', '1.2.3.4.5', '::ffff::1', 'fe80::1%', '[example]']) {
      expect(classifyAddress(text), text).toBeUndefined();
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});

describe('isPrivateName', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'localhost.',
    'api.localhost',
    'db',
    'metadata',
    'printer.local',
    'metadata.google.internal',
    'router.home.arpa',
    'nas.lan',
    '1.0.0.127.in-addr.arpa',
    'site.test',
    'x.onion',
  ])('refuses %s', (name) => expect(isPrivateName(name)).toBe(true));

  it.each(['example.org', 'github.com', 'api.github.com.', 'localhost.example.org', 'internal.example.com'])(
    'leaves %s to DNS',
    (name) => expect(isPrivateName(name)).toBe(false),
  );
});
