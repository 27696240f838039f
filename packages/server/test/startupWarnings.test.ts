import { expect, it } from "vitest";
import { startupWarnings } from "../src/startupWarnings.ts";

it.each(["127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST"])("a sandbox on loopback (%s) is quiet", (host) => {
  expect(startupWarnings({ mode: "sandbox", host })).toEqual([]);
});

it.each(["0.0.0.0", "::", "192.168.1.20", "fuel.example.com"])("a sandbox reachable from other machines (%s) gets one warning line", (host) => {
  const warnings = startupWarnings({ mode: "sandbox", host });
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(`sandbox mode is listening on ${host}`);
  expect(warnings[0]).not.toContain("\n");
});

it("production on any address is quiet", () => {
  expect(startupWarnings({ mode: "production", host: "0.0.0.0" })).toEqual([]);
});
