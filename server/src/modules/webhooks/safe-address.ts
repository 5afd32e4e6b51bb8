import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent: a public address only. A subscriber chooses the URL, so without
 * this the server would call, on their behalf, its own ports, the private network it sits in,
 * or the cloud's metadata service (169.254.169.254, fd00:ec2::254) and its credentials.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to (dns.lookup with all: true, by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export class UnsafeAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeAddressError';
  }
}

type Range = { cidr: string; what: string };

const LOOPBACK: Range[] = [
  { cidr: '127.0.0.0/8', what: 'a loopback address' },
  { cidr: '::1/128', what: 'a loopback address' },
];

// IANA's special-purpose registries: none of these is a public host.
const IPV4_REFUSED: Range[] = [
  { cidr: '0.0.0.0/8', what: "an address of 'this network'" },
  { cidr: '10.0.0.0/8', what: 'a private address' },
  { cidr: '100.64.0.0/10', what: 'a carrier-grade NAT address' },
  { cidr: '169.254.0.0/16', what: 'a link-local address (cloud metadata lives there)' },
  { cidr: '172.16.0.0/12', what: 'a private address' },
  { cidr: '192.0.0.0/24', what: 'a reserved address' },
  { cidr: '192.0.2.0/24', what: 'a documentation address' },
  { cidr: '192.88.99.0/24', what: 'a reserved address' },
  { cidr: '192.168.0.0/16', what: 'a private address' },
  { cidr: '198.18.0.0/15', what: 'a benchmarking address' },
  { cidr: '198.51.100.0/24', what: 'a documentation address' },
  { cidr: '203.0.113.0/24', what: 'a documentation address' },
  { cidr: '224.0.0.0/4', what: 'a multicast address' },
  { cidr: '240.0.0.0/4', what: 'a reserved address' },
];

// Only global unicast (2000::/3) is public; inside it, these are not.
const IPV6_REFUSED: Range[] = [
  { cidr: '2001::/23', what: 'a reserved address (IETF protocol assignments, Teredo)' },
  { cidr: '2001:db8::/32', what: 'a documentation address' },
  { cidr: '2002::/16', what: 'a 6to4 address (it could lead to any IPv4 address)' },
  { cidr: '3fff::/20', what: 'a documentation address' },
];

function blockList(ranges: Range[]): Map<string, BlockList> {
  const lists = new Map<string, BlockList>();
  for (const range of ranges) {
    const [network, prefix] = range.cidr.split('/') as [string, string];
    const list = lists.get(range.what) ?? new BlockList();
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
    lists.set(range.what, list);
  }
  return lists;
}

const loopback = blockList(LOOPBACK);
const refused = blockList([...IPV4_REFUSED, ...IPV6_REFUSED]);
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

function inRanges(lists: Map<string, BlockList>, address: string, family: 'ipv4' | 'ipv6') {
  for (const [what, list] of lists) if (list.check(address, family)) return what;
  return undefined;
}

/**
 * Why `address` may not receive a webhook, or undefined when it may. Loopback is allowed only
 * with `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK); every other non-public range never is.
 */
export function addressRefusal(address: string, allowLoopback: boolean): string | undefined {
  const version = isIP(address);
  if (version === 0) return 'not an IP address';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const isLoopback = inRanges(loopback, address, family);
  if (isLoopback) return allowLoopback ? undefined : isLoopback;
  if (family === 'ipv6' && !globalUnicast.check(address, 'ipv6')) {
    return address.toLowerCase().startsWith('::ffff:')
      ? 'an IPv4-mapped address'
      : 'not a public IPv6 address (private, link-local, unique local, mapped or reserved)';
  }
  return inRanges(refused, address, family);
}

export type UrlPolicy = { allowLoopback: boolean; resolve: Resolver };

/** The URL's host name without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to for `url`: its host's addresses, every one of them public (a name
 * that resolves to one private address among public ones is refused: the connection could go
 * to any of them). Run at registration and again before each delivery, whose connection then
 * goes to the address checked here and nowhere else (a name that changes its answer in between,
 * DNS rebinding, gains nothing).
 */
export async function resolvePublicAddress(url: URL, policy: UrlPolicy): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new UnsafeAddressError(`${host} does not resolve to an address.`);
    }
    if (addresses.length === 0)
      throw new UnsafeAddressError(`${host} does not resolve to an address.`);
  }
  for (const { address } of addresses) {
    const why = addressRefusal(address, policy.allowLoopback);
    if (why) {
      throw new UnsafeAddressError(
        literal !== 0
          ? `${host} is ${why}: webhooks go only to public addresses.`
          : `${host} resolves to ${address}, ${why}: webhooks go only to public addresses.`,
      );
    }
  }
  return addresses[0]!;
}
