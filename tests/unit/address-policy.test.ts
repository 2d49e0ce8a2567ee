import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/server/uploads/url-import/address-policy.js';

// Each entry of the IANA special-purpose address registries (IPv4 and IPv6) that is not globally
// reachable or not forwardable, plus multicast and the other ranges no image host lives in: the
// first and the last address of the range, and a spelling or two more where IPv6 allows them.
const refusedIpv4: [range: string, addresses: string[]][] = [
  ['0.0.0.0/8 this network', ['0.0.0.0', '0.255.255.255']],
  ['10.0.0.0/8 private use', ['10.0.0.0', '10.255.255.255']],
  ['100.64.0.0/10 shared address space (CGNAT)', ['100.64.0.0', '100.100.100.200', '100.127.255.255']],
  ['127.0.0.0/8 loopback', ['127.0.0.1', '127.255.255.255']],
  ['169.254.0.0/16 link local (cloud metadata)', ['169.254.0.0', '169.254.169.254', '169.254.255.255']],
  ['172.16.0.0/12 private use', ['172.16.0.0', '172.31.255.255']],
  ['192.0.0.0/24 IETF protocol assignments', ['192.0.0.0', '192.0.0.8', '192.0.0.170', '192.0.0.255']],
  ['192.0.2.0/24 documentation (TEST-NET-1)', ['192.0.2.0', '192.0.2.255']],
  ['192.31.196.0/24 AS112-v4', ['192.31.196.0', '192.31.196.255']],
  ['192.52.193.0/24 AMT', ['192.52.193.0', '192.52.193.255']],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', ['192.88.99.0', '192.88.99.255']],
  ['192.168.0.0/16 private use', ['192.168.0.0', '192.168.255.255']],
  ['192.175.48.0/24 direct delegation AS112', ['192.175.48.0', '192.175.48.255']],
  ['198.18.0.0/15 benchmarking', ['198.18.0.0', '198.19.255.255']],
  ['198.51.100.0/24 documentation (TEST-NET-2)', ['198.51.100.0', '198.51.100.255']],
  ['203.0.113.0/24 documentation (TEST-NET-3)', ['203.0.113.0', '203.0.113.255']],
  ['224.0.0.0/4 multicast', ['224.0.0.1', '239.255.255.255']],
  ['240.0.0.0/4 reserved', ['240.0.0.0', '254.255.255.255']],
  ['255.255.255.255/32 limited broadcast', ['255.255.255.255']],
];

const refusedIpv6: [range: string, addresses: string[]][] = [
  ['::/128 unspecified', ['::', '0:0:0:0:0:0:0:0']],
  ['::1/128 loopback', ['::1', '0000:0000:0000:0000:0000:0000:0000:0001']],
  ['::ffff:0:0/96 IPv4-mapped, with a private IPv4 inside', ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:10.0.0.1', '::FFFF:A9FE:A9FE']],
  ['64:ff9b::/96 NAT64, with a private IPv4 inside', ['64:ff9b::10.0.0.1', '64:ff9b::a00:1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe']],
  ['64:ff9b:1::/48 local-use NAT64', ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::5db8:d822']],
  ['100::/64 discard-only', ['100::', '100::ffff:ffff:ffff:ffff']],
  ['100:0:0:1::/64 dummy prefix', ['100:0:0:1::', '100:0:0:1:ffff:ffff:ffff:ffff']],
  ['2001::/23 IETF protocol assignments', ['2001::', '2001:1::1', '2001:4:112::1', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001::/32 Teredo', ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0000:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:2::/48 benchmarking', ['2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff']],
  ['2001:10::/28 deprecated ORCHID', ['2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:20::/28 ORCHIDv2', ['2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:30::/28 drone remote ID', ['2001:30::', '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2001:db8::/32 documentation', ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2002::/16 6to4', ['2002::', '2002:5db8:d822::1', '2002:7f00:1::1', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['2620:4f:8000::/48 direct delegation AS112', ['2620:4f:8000::', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff']],
  ['3fff::/20 documentation', ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['5f00::/16 SRv6 SIDs', ['5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fc00::/7 unique local (AWS metadata fd00:ec2::254)', ['fc00::', 'fd00:ec2::254', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fe80::/10 link local', ['fe80::', 'fe80::1%eth0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['fec0::/10 deprecated site local', ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['ff00::/8 multicast', ['ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ['outside 2000::/3 (not global unicast)', ['::1.2.3.4', '1::', '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::1', '8000::1']],
];

describe('isPublicAddress (the IANA special-purpose address registries)', () => {
  describe.each(refusedIpv4)('refuses IPv4 %s', (_range, addresses) => {
    it.each(addresses)('%s', (address) => expect(isPublicAddress(address)).toBe(false));
  });
  describe.each(refusedIpv6)('refuses IPv6 %s', (_range, addresses) => {
    it.each(addresses)('%s', (address) => expect(isPublicAddress(address)).toBe(false));
  });

  it.each([
    // Just outside the ranges above, and ordinary public hosts.
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '93.184.216.34',
    '2000::1',
    '2001:200::1',
    '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db9::',
    '2003::1',
    '2606:4700:4700::1111',
    '2620:4f:8001::1',
    '3ffe:ffff::1',
    '3fff:1000::',
    // An IPv4 address inside an IPv4-mapped or NAT64 address is judged as IPv4.
    '::ffff:93.184.216.34',
    '::ffff:5db8:d822',
    '64:ff9b::93.184.216.34',
    '64:ff9b::101:101',
  ])('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it.each(['', 'example.com', '1.2.3', '::g', '[::1]', '256.0.0.1'])('refuses %j, which is not an address', (address) => expect(isPublicAddress(address)).toBe(false));
});
