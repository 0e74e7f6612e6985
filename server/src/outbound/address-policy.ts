import ipaddr from 'ipaddr.js';

/**
 * Which addresses a server-side request may reach when the target comes from data rather than
 * from the operator: only global unicast ones. An IPv6 address that carries an IPv4 one (mapped,
 * translated, NAT64, 6to4, Teredo, IPv4-compatible) is judged by what it carries, since a socket
 * connecting to `::ffff:7f00:1` reaches 127.0.0.1 as surely as the dotted form does.
 */

export interface AddressVerdict {
  /** The address in its canonical text form. */
  address: string;
  /** Whether it is a global unicast address a request may reach. */
  public: boolean;
  /** The special range it falls in (`loopback`, `private`, `ipv4Mapped`…), `unicast` when none. */
  range: string;
  /** The IPv4 address an IPv6 one embeds, which the verdict was taken on. */
  ipv4?: string;
}

/** Teredo keeps the client's address inverted in the last 32 bits, the server's in bits 32-63. */
const TEREDO_MASK = 0xffff;
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** RFC 8215's local-use NAT64 prefix: an operator's own translator, never a public route. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/** Classifies an IP address (v4 in any form inet_aton reads, v6 with or without brackets or zone). */
export function classifyAddress(text: string): AddressVerdict | undefined {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.IPv4.isValid(trimmed)) return classifyIPv4(ipaddr.IPv4.parse(trimmed));
  if (ipaddr.IPv6.isValid(trimmed)) return classifyIPv6(ipaddr.IPv6.parse(trimmed));
  return undefined;
}

/** True only for a global unicast address; false for anything else, including what is not an address. */
export function isPublicAddress(text: string): boolean {
  return classifyAddress(text)?.public ?? false;
}

function classifyIPv4(address: ipaddr.IPv4): AddressVerdict {
  const range = address.range();
  return { address: address.toString(), public: range === 'unicast', range };
}

function classifyIPv6(address: ipaddr.IPv6): AddressVerdict {
  const text = address.toString();
  const parts = address.parts;
  const range = address.range();
  const embedded = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const judgedBy = (ipv4: ipaddr.IPv4, usable = true): AddressVerdict => {
    const inner = classifyIPv4(ipv4);
    return { address: text, public: usable && inner.public, range: `${range}:${inner.range}`, ipv4: inner.address };
  };
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return judgedBy(embedded(parts[6]!, parts[7]!));
    case 'rfc6052':
      // The well-known prefix carries the address in its last 32 bits; the local-use one is
      // an operator's own translator, refused whatever it carries.
      return judgedBy(embedded(parts[6]!, parts[7]!), !address.match(LOCAL_NAT64));
    case '6to4':
      return judgedBy(embedded(parts[1]!, parts[2]!));
    case 'teredo': {
      const server = classifyIPv4(embedded(parts[2]!, parts[3]!));
      const client = judgedBy(embedded(parts[6]! ^ TEREDO_MASK, parts[7]! ^ TEREDO_MASK));
      return { ...client, public: client.public && server.public };
    }
  }
  if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) {
    // IPv4-compatible (::a.b.c.d), deprecated since 2006: nothing public is reached this way.
    return judgedBy(embedded(parts[6]!, parts[7]!), false);
  }
  return { address: text, public: range === 'unicast' && address.match(GLOBAL_UNICAST), range };
}

/**
 * Names that are never a public website, refused without asking DNS: single labels (`db`,
 * `metadata`), and the special-use and private-use suffixes (`localhost`, `.local`, `.internal`,
 * `home.arpa`…), which resolve, if at all, inside the server's own network.
 */
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
  'test',
  'invalid',
  'example',
  'onion',
  'alt',
  'arpa',
];

export function isPrivateName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true;
  const last = name.slice(name.lastIndexOf('.') + 1);
  return PRIVATE_SUFFIXES.includes(last);
}
