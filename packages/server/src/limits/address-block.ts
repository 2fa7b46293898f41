/**
 * The address an account limit counts against: an IPv4 address as it is, an IPv6 address by
 * its network prefix (a /64 by default: one home or phone is usually given a whole /64, and
 * could otherwise draw a fresh address for each try).
 */
import ipaddr from 'ipaddr.js';

export const DEFAULT_IPV6_PREFIX = 64;

export function addressBlock(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // An IPv4-mapped IPv6 address is its IPv4 address.
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}
