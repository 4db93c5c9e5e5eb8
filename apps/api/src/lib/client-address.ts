import { isIPv6 } from 'node:net';

/**
 * The part of a client address that identifies one client for rate limits. An IPv6 client
 * usually holds a whole /64 and can pick any address in it, so its limit is on the /64; an
 * IPv4 address (also when it comes mapped into IPv6) stands for itself.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (e.g. 64:ff9b::192.0.2.1) is two more groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail !== null) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16).toString(16),
  );
}
