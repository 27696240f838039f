import type { Routes } from "@fuel/domain";
import { lazy, type ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { firstPageLoaded } from "../../src/app/firstPage.ts";
import { PAGES } from "../../src/app/pages.tsx";

/** Renders a lazy page once, outside any tree: answers whether it is ready (its module loaded) rather than suspended. */
const ready = (page: unknown): boolean => {
  try {
    (page as (props: object) => unknown)({});
    return true;
  } catch (thrown) {
    if (thrown instanceof Promise) return false;
    throw thrown;
  }
};

/**
 * A page table of its own for each test, with loaders it can count: the app's table remembers what
 * it loaded, and the test files of a worker share it (vitest.config.ts), so 'not loaded' could not
 * be told from 'loaded by an earlier file'.
 */
const pagesFor = (...paths: string[]) => {
  const loads = new Map(paths.map((path) => [path, vi.fn(async () => ({ default: (() => null) as ComponentType }))]));
  const pages = Object.fromEntries([...loads].map(([path, load]) => [path, lazy(load)])) as unknown as typeof PAGES;
  return { pages, loads };
};

const SIGNED_OUT: Routes.Session = { token: null, activated: false };

describe("the first render's wait for the current page", () => {
  it("answers once the route's page module is loaded, so the first render is the page, not the skeleton", async () => {
    const { pages, loads } = pagesFor("/contact");
    await firstPageLoaded("/contact", SIGNED_OUT, pages);
    expect(loads.get("/contact")).toHaveBeenCalledTimes(1);
    expect(ready(pages["/contact"])).toBe(true);
  });

  it("does so with the app's own page table", async () => {
    await firstPageLoaded("/contact", SIGNED_OUT);
    expect(ready(PAGES["/contact"])).toBe(true);
  });

  it("finds a route with parameters by its pattern", async () => {
    const { pages, loads } = pagesFor("/orderDetail/:id");
    await firstPageLoaded("/orderDetail/17", { token: "t", activated: true }, pages);
    expect(loads.get("/orderDetail/:id")).toHaveBeenCalledTimes(1);
    expect(ready(pages["/orderDetail/:id"])).toBe(true);
  });

  it("does not load a page the guard sends the customer away from (the redirect renders at once)", async () => {
    const { pages, loads } = pagesFor("/orderlist");
    await firstPageLoaded("/orderlist", SIGNED_OUT, pages);
    expect(loads.get("/orderlist")).not.toHaveBeenCalled();
    expect(ready(pages["/orderlist"])).toBe(false);
  });

  it("answers at once for a path without a page (the not-found page renders as before)", async () => {
    await expect(firstPageLoaded("/no/such/page", SIGNED_OUT)).resolves.toBeUndefined();
  });
});
