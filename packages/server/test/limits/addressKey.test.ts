import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressKey } from "../../src/limits/addressKey.ts";

describe("addressKey: what the sign-in limits count as one address (issue 34)", () => {
  it("an IPv4 address is itself, also written as IPv6", () => {
    expect(addressKey("10.1.2.3")).toBe("10.1.2.3");
    expect(addressKey("::ffff:10.1.2.3")).toBe("10.1.2.3");
    expect(addressKey("::FFFF:a01:203")).toBe("10.1.2.3");
  });

  it("an IPv6 address counts as its /64, however it is written", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::10.1.2.3")).toBe("64:ff9b:0:0::/64");
  });

  it("anything that is not an IP address is kept as it is", () => {
    expect(addressKey("cli")).toBe("cli");
    expect(addressKey("")).toBe("");
  });

  it("property: the addresses of one /64 share a key; those of two /64s do not", () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(":");
    // Global unicast (2000::/3): not the ::ffff:0:0/96 of IPv4 written as IPv6.
    const network = fc.tuple(fc.integer({ min: 0x2000, max: 0x3fff }), group, group, group).map((t) => [...t]);
    fc.assert(
      fc.property(network, fc.array(group, { minLength: 4, maxLength: 4 }), fc.array(group, { minLength: 4, maxLength: 4 }), (net, a, b) => {
        expect(addressKey(hex([...net, ...a]))).toBe(addressKey(hex([...net, ...b])));
        const other = [...net];
        other[3] = ((other[3] ?? 0) + 1) & 0xffff;
        expect(addressKey(hex([...other, ...a]))).not.toBe(addressKey(hex([...net, ...a])));
      }),
    );
  });

  it("property: every IPv4 address is its own key", () => {
    fc.assert(fc.property(fc.ipV4(), (ip) => addressKey(ip) === ip));
  });
});
