import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVATION_PATH, afterSignInPath, HOME_PATH, SIGN_IN_END_PATH, isSafeReturnPath, matchRoute, ROUTES } from "../src/Routes.ts";

/** A concrete address of a route: its `:name` segments filled with a non-empty id. */
const concrete = fc.tuple(fc.constantFrom(...ROUTES.map((r) => r.path)), fc.stringMatching(/^[0-9A-Za-z]{1,12}$/)).map(([pattern, id]) => pattern.replace(/:[a-z_]+/g, id));
const query = fc.option(fc.stringMatching(/^[a-z0-9=&]{0,20}$/), { nil: undefined }).map((q) => (q === undefined ? "" : `?${q}`));
const signInPages = ["/", "/login", "/wechatlogin", "/bindPhone", "/activated", "/register", "/forgetPassword", "/resetPassword", "/setPassword"];

describe("Routes.isSafeReturnPath (issue 25: no open redirect)", () => {
  it("accepts every app address outside signing in, with or without a query", () => {
    fc.assert(
      fc.property(concrete, query, (path, q) => {
        const route = matchRoute(path);
        expect(isSafeReturnPath(`${path}${q}`)).toBe(route !== undefined && !signInPages.includes(route.path));
      }),
    );
  });

  it("refuses anything that does not start with a single '/' (another host, a scheme, a relative path)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (!s.startsWith("/") || s.startsWith("//")) expect(isSafeReturnPath(s)).toBe(false);
      }),
    );
    for (const bad of ["//evil.example/stationlist", "/\\evil.example", "https://evil.example/stationlist", "javascript:alert(1)", "stationlist", ""]) {
      expect(isSafeReturnPath(bad)).toBe(false);
    }
  });

  it("refuses an app address with whitespace, a control character or a backslash anywhere in it", () => {
    fc.assert(
      fc.property(concrete, fc.constantFrom(" ", "\t", "\n", "\r", "\u0000", "\u007f", "\\"), fc.nat(), (path, bad, at) => {
        const i = 1 + (at % path.length);
        expect(isSafeReturnPath(`${path.slice(0, i)}${bad}${path.slice(i)}`)).toBe(false);
      }),
    );
  });

  it("refuses the pages of signing in, and addresses the router does not know", () => {
    for (const p of signInPages) expect(isSafeReturnPath(p)).toBe(false);
    expect(isSafeReturnPath("/login?from=/order")).toBe(false);
    expect(isSafeReturnPath("/nowhere")).toBe(false);
    expect(isSafeReturnPath(`/order?${"a".repeat(600)}`)).toBe(false);
  });

  it("refuses what is not a string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.object()), (v) => {
        expect(isSafeReturnPath(v)).toBe(false);
      }),
    );
  });
});

describe("Routes.afterSignInPath (issue 25)", () => {
  it("an activated account returns to a safe path as it was; anything else ends where the step ends (sign-in: /personal)", () => {
    fc.assert(
      fc.property(fc.oneof(concrete, fc.string(), fc.constant(null), fc.constant(undefined)), (p) => {
        expect(afterSignInPath(p, true)).toBe(isSafeReturnPath(p) ? p : SIGN_IN_END_PATH);
        expect(afterSignInPath(p, true, HOME_PATH)).toBe(isSafeReturnPath(p) ? p : HOME_PATH);
      }),
    );
  });
  it("an account without activation goes to /activated first, whatever it returns to", () => {
    fc.assert(
      fc.property(fc.oneof(concrete, fc.string(), fc.constant(null)), (p) => {
        expect(afterSignInPath(p, false)).toBe(ACTIVATION_PATH);
      }),
    );
  });
  it("keeps the station and query of a fuel form", () => {
    expect(afterSignInPath("/oneKeyGas?id=3", true)).toBe("/oneKeyGas?id=3");
    expect(afterSignInPath("/order", true)).toBe("/order");
    expect(afterSignInPath("//evil.example", true)).toBe("/personal");
  });
});
