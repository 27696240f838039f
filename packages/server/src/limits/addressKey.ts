import { isIPv4, isIPv6 } from "node:net";

/**
 * The client address as the sign-in limits count it (issue 34). An IPv4 address is itself; an
 * IPv6 address counts as its /64 network, because one subscriber line (a phone on a carrier, a
 * home router) is given a whole /64 and can pick any address in it for each request: counted
 * one by one, a single attacker would be 2^64 "addresses" and every per-address limit nothing.
 * An IPv4 address written as IPv6 (`::ffff:1.2.3.4`, a dual-stack socket) is the IPv4 address.
 * Anything that is not an IP address (the CLI's "cli") is kept as it is.
 */
export const addressKey = (ip: string): string => {
  const address = ip.replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = hextets(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
};

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail made two groups). */
const hextets = (address: string): number[] => {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string | undefined): number[] => (s === undefined || s === "" ? [] : s.split(":").map((h) => parseInt(h, 16)));
  const front = part(head);
  const back = part(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
};
