import type { Routes } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { firstPageLoaded } from "../../src/app/firstPage.ts";
import { PAGES } from "../../src/app/pages.tsx";

/** Renders a lazy page once, outside any tree: answers whether it is ready (its module loaded) rather than suspended. */
const ready = (path: string): boolean => {
  try {
    (PAGES[path] as unknown as (props: object) => unknown)({});
    return true;
  } catch (thrown) {
    if (thrown instanceof Promise) return false;
    throw thrown;
  }
};

const SIGNED_OUT: Routes.Session = { token: null, activated: false };

describe("the first render's wait for the current page", () => {
  it("answers once the route's page module is loaded, so the first render is the page, not the skeleton", async () => {
    await firstPageLoaded("/contact", SIGNED_OUT);
    expect(ready("/contact")).toBe(true);
  });

  it("finds a route with parameters by its pattern", async () => {
    await firstPageLoaded("/orderDetail/17", { token: "t", activated: true });
    expect(ready("/orderDetail/:id")).toBe(true);
  });

  it("does not load a page the guard sends the customer away from (the redirect renders at once)", async () => {
    await firstPageLoaded("/orderlist", SIGNED_OUT);
    expect(ready("/orderlist")).toBe(false);
  });

  it("answers at once for a path without a page (the not-found page renders as before)", async () => {
    await expect(firstPageLoaded("/no/such/page", SIGNED_OUT)).resolves.toBeUndefined();
  });
});
