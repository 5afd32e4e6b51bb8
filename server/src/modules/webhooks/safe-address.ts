import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Language } from '@deedwatch/rules';
import type { errors } from '../../i18n/en/errors.ts';
import { translator } from '../../i18n/index.ts';

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

/** Why an address may not receive a webhook: a key of the errors catalog's webhookAddress. */
export type AddressKind = keyof typeof errors.webhookAddress;

/** The catalog key of each kind, written out so that a check of the catalogs finds it used. */
export const ADDRESS_WORDS = {
  notIp: 'errors.webhookAddress.notIp',
  loopback: 'errors.webhookAddress.loopback',
  thisNetwork: 'errors.webhookAddress.thisNetwork',
  private: 'errors.webhookAddress.private',
  carrierNat: 'errors.webhookAddress.carrierNat',
  linkLocal: 'errors.webhookAddress.linkLocal',
  reserved: 'errors.webhookAddress.reserved',
  documentation: 'errors.webhookAddress.documentation',
  benchmarking: 'errors.webhookAddress.benchmarking',
  multicast: 'errors.webhookAddress.multicast',
  ietf: 'errors.webhookAddress.ietf',
  sixToFour: 'errors.webhookAddress.sixToFour',
  ipv4Mapped: 'errors.webhookAddress.ipv4Mapped',
  notPublicV6: 'errors.webhookAddress.notPublicV6',
} as const satisfies Record<AddressKind, `errors.webhookAddress.${AddressKind}`>;

/** An address's kind in words, in `language`. */
const addressInWords = (kind: AddressKind, language: Language) =>
  translator(language)(ADDRESS_WORDS[kind]);

/**
 * A URL whose host may not receive a webhook: it resolves to no address, or to one that is not
 * public (`kind`). Its message is English, for the delivery log; `refusal` words it in any
 * language.
 */
export class UnsafeAddressError extends Error {
  readonly refusal: { host: string; address?: string; kind?: AddressKind };
  constructor(refusal: UnsafeAddressError['refusal']) {
    super(unsafeMessage(refusal, 'en'));
    this.name = 'UnsafeAddressError';
    this.refusal = refusal;
  }
}

/** Why `refusal`'s host may not receive a webhook, in `language`. */
export function unsafeMessage(refusal: UnsafeAddressError['refusal'], language: Language) {
  const { host, address, kind } = refusal;
  const t = translator(language);
  if (!kind) return t('errors.webhookHostUnresolved', { host });
  const why = addressInWords(kind, language);
  return address === undefined
    ? t('errors.webhookHostRefused', { host, why })
    : t('errors.webhookHostResolvesTo', { host, address, why });
}

type Range = { cidr: string; kind: AddressKind };

const LOOPBACK: Range[] = [
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '::1/128', kind: 'loopback' },
];

// IANA's special-purpose registries: none of these is a public host.
const IPV4_REFUSED: Range[] = [
  { cidr: '0.0.0.0/8', kind: 'thisNetwork' },
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'carrierNat' },
  { cidr: '169.254.0.0/16', kind: 'linkLocal' },
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'reserved' },
  { cidr: '192.0.2.0/24', kind: 'documentation' },
  { cidr: '192.88.99.0/24', kind: 'reserved' },
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '198.18.0.0/15', kind: 'benchmarking' },
  { cidr: '198.51.100.0/24', kind: 'documentation' },
  { cidr: '203.0.113.0/24', kind: 'documentation' },
  { cidr: '224.0.0.0/4', kind: 'multicast' },
  { cidr: '240.0.0.0/4', kind: 'reserved' },
];

// Only global unicast (2000::/3) is public; inside it, these are not.
const IPV6_REFUSED: Range[] = [
  { cidr: '2001::/23', kind: 'ietf' },
  { cidr: '2001:db8::/32', kind: 'documentation' },
  { cidr: '2002::/16', kind: 'sixToFour' },
  { cidr: '3fff::/20', kind: 'documentation' },
];

function blockList(ranges: Range[]): Map<AddressKind, BlockList> {
  const lists = new Map<AddressKind, BlockList>();
  for (const range of ranges) {
    const [network, prefix] = range.cidr.split('/') as [string, string];
    const list = lists.get(range.kind) ?? new BlockList();
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
    lists.set(range.kind, list);
  }
  return lists;
}

const loopback = blockList(LOOPBACK);
const refused = blockList([...IPV4_REFUSED, ...IPV6_REFUSED]);
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

function inRanges(lists: Map<AddressKind, BlockList>, address: string, family: 'ipv4' | 'ipv6') {
  for (const [kind, list] of lists) if (list.check(address, family)) return kind;
  return undefined;
}

/**
 * Why `address` may not receive a webhook, or undefined when it may. Loopback is allowed only
 * with `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK); every other non-public range never is.
 */
export function addressRefusal(address: string, allowLoopback: boolean): AddressKind | undefined {
  const version = isIP(address);
  if (version === 0) return 'notIp';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const isLoopback = inRanges(loopback, address, family);
  if (isLoopback) return allowLoopback ? undefined : isLoopback;
  if (family === 'ipv6' && !globalUnicast.check(address, 'ipv6')) {
    return address.toLowerCase().startsWith('::ffff:') ? 'ipv4Mapped' : 'notPublicV6';
  }
  return inRanges(refused, address, family);
}

/** How long a host name may take to resolve; past it, it is taken as resolving to nothing. */
export const RESOLVE_TIMEOUT_MS = 3_000;

export type UrlPolicy = {
  allowLoopback: boolean;
  resolve: Resolver;
  /** Default RESOLVE_TIMEOUT_MS. */
  resolveTimeoutMs?: number;
};

/** `promise`, or a rejection once `ms` have passed without it settling. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
      // A name server that does not answer would otherwise hold the call (a subscriber's
      // registration, a delivery) for as long as the system resolver retries.
      addresses = await within(policy.resolve(host), policy.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS);
    } catch {
      throw new UnsafeAddressError({ host });
    }
    if (addresses.length === 0) throw new UnsafeAddressError({ host });
  }
  for (const { address } of addresses) {
    const kind = addressRefusal(address, policy.allowLoopback);
    if (kind) {
      throw new UnsafeAddressError(literal !== 0 ? { host, kind } : { host, address, kind });
    }
  }
  return addresses[0]!;
}
