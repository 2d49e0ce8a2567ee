import net from 'node:net';

/**
 * Addresses a URL import must never reach: loopback, private (RFC 1918, CGNAT, fc00::/7), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), unspecified, multicast, documentation and
 * reserved ranges. Whatever a hostname resolves to is checked here before we connect to it.
 */
const forbidden = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT; Alibaba's metadata service is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; 169.254.169.254 is the AWS/GCP/Azure metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: would reach any IPv4 address, private ones too
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local, with fd00:ec2::254 (AWS metadata over IPv6)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6');

/** True when the address (IPv4 or IPv6, as DNS returned it) may be fetched from. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !forbidden.check(address, 'ipv4');
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:10.0.0.1 or ::ffff:a00:1) and IPv4-compatible forms: judge the IPv4 address inside.
  const mapped = /^::(?:ffff:)?((?:\d{1,3}\.){3}\d{1,3})$/.exec(lower)?.[1] ?? hexMappedIpv4(lower);
  if (mapped) return isPublicAddress(mapped);
  // Only global unicast (2000::/3) is routable on the internet.
  if (!/^[23][0-9a-f]{0,3}:/.test(lower)) return false;
  return !forbidden.check(address, 'ipv6');
}

function hexMappedIpv4(address: string): string | null {
  const match = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (!match) return null;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
