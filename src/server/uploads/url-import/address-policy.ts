import net from 'node:net';

interface SpecialRange {
  network: string;
  prefix: number;
  what: string;
  /** The range carries an IPv4 address in its last 32 bits, and that address decides. */
  judgeEmbeddedIpv4?: true;
}

/**
 * Addresses a URL import must never reach, whatever a hostname resolves to. From the IANA IPv4 and
 * IPv6 Special-Purpose Address Registries: every entry that is not globally reachable or not
 * forwardable, and the anycast service ranges no image is served from (AS112, AMT, 6to4 relays);
 * plus multicast, deprecated site-local, and on IPv6 everything outside global unicast (2000::/3).
 * A range is refused whole even where the registry marks a few addresses inside it as reachable
 * (192.0.0.9, 2001:1::1 …). Mapped and NAT64 addresses are judged by the IPv4 address inside them.
 * The first range that holds an address decides.
 */
const ipv4Ranges: readonly SpecialRange[] = [
  { network: '0.0.0.0', prefix: 8, what: 'this network' },
  { network: '10.0.0.0', prefix: 8, what: 'private use' },
  { network: '100.64.0.0', prefix: 10, what: "shared address space (CGNAT; Alibaba's metadata service is 100.100.100.200)" },
  { network: '127.0.0.0', prefix: 8, what: 'loopback' },
  { network: '169.254.0.0', prefix: 16, what: 'link local (169.254.169.254 is the AWS/GCP/Azure metadata service)' },
  { network: '172.16.0.0', prefix: 12, what: 'private use' },
  { network: '192.0.0.0', prefix: 24, what: 'IETF protocol assignments (DS-Lite, NAT64 discovery …)' },
  { network: '192.0.2.0', prefix: 24, what: 'documentation (TEST-NET-1)' },
  { network: '192.31.196.0', prefix: 24, what: 'AS112-v4' },
  { network: '192.52.193.0', prefix: 24, what: 'AMT' },
  { network: '192.88.99.0', prefix: 24, what: 'deprecated 6to4 relay anycast' },
  { network: '192.168.0.0', prefix: 16, what: 'private use' },
  { network: '192.175.48.0', prefix: 24, what: 'direct delegation AS112 service' },
  { network: '198.18.0.0', prefix: 15, what: 'benchmarking' },
  { network: '198.51.100.0', prefix: 24, what: 'documentation (TEST-NET-2)' },
  { network: '203.0.113.0', prefix: 24, what: 'documentation (TEST-NET-3)' },
  { network: '224.0.0.0', prefix: 4, what: 'multicast' },
  { network: '240.0.0.0', prefix: 4, what: 'reserved, with 255.255.255.255 (limited broadcast)' },
];

const ipv6Ranges: readonly SpecialRange[] = [
  { network: '::ffff:0:0', prefix: 96, what: 'IPv4-mapped', judgeEmbeddedIpv4: true },
  { network: '64:ff9b::', prefix: 96, what: 'NAT64 well-known prefix: reaches the IPv4 address inside', judgeEmbeddedIpv4: true },
  { network: '::', prefix: 128, what: 'unspecified' },
  { network: '::1', prefix: 128, what: 'loopback' },
  { network: '64:ff9b:1::', prefix: 48, what: 'local-use NAT64' },
  { network: '100::', prefix: 64, what: 'discard-only' },
  { network: '100:0:0:1::', prefix: 64, what: 'dummy prefix' },
  { network: '2001::', prefix: 23, what: 'IETF protocol assignments (Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID 2001:10::/28 and 2001:20::/28, drone remote ID 2001:30::/28 …)' },
  { network: '2001:db8::', prefix: 32, what: 'documentation' },
  { network: '2002::', prefix: 16, what: '6to4: reaches the IPv4 address inside through any relay' },
  { network: '2620:4f:8000::', prefix: 48, what: 'direct delegation AS112 service' },
  { network: '3fff::', prefix: 20, what: 'documentation' },
  { network: '5f00::', prefix: 16, what: 'segment routing (SRv6) SIDs' },
  { network: 'fc00::', prefix: 7, what: 'unique local (fd00:ec2::254 is the AWS metadata service over IPv6)' },
  { network: 'fe80::', prefix: 10, what: 'link local' },
  { network: 'fec0::', prefix: 10, what: 'deprecated site local' },
  { network: 'ff00::', prefix: 8, what: 'multicast' },
  // Global unicast is 2000::/3; nothing else is allocated for the internet (IPv4-compatible ::a.b.c.d included).
  { network: '::', prefix: 3, what: 'not global unicast' },
  { network: '4000::', prefix: 2, what: 'not global unicast' },
  { network: '8000::', prefix: 1, what: 'not global unicast' },
];

/** True when the address (IPv4 or IPv6, as DNS returned it or a URL spelled it) may be fetched from. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family !== 4 && family !== 6) return false;
  const value = family === 4 ? ipv4Value(address) : ipv6Value(address);
  const range = (family === 4 ? ipv4Table : ipv6Table).find(({ start, mask }) => (value & mask) === start);
  if (!range) return true;
  return range.judgeEmbeddedIpv4 ? isPublicAddress(ipv4Text(value & 0xffffffffn)) : false;
}

const compile = (ranges: readonly SpecialRange[], bits: 32 | 128, parse: (address: string) => bigint) =>
  ranges.map((range) => {
    const mask = ((1n << BigInt(range.prefix)) - 1n) << BigInt(bits - range.prefix);
    return { ...range, start: parse(range.network) & mask, mask };
  });

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

/** An IPv6 address (already valid by net.isIP) as a 128-bit number: `::` expanded, a dotted IPv4 tail and a zone id allowed. */
function ipv6Value(address: string): bigint {
  let text = address.split('%')[0].toLowerCase();
  const dottedTail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dottedTail) {
    const v4 = ipv4Value(dottedTail);
    text = `${text.slice(0, -dottedTail.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const ipv4Table = compile(ipv4Ranges, 32, ipv4Value);
const ipv6Table = compile(ipv6Ranges, 128, ipv6Value);
