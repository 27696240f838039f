import { Routes } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { PAGES } from "../../src/app/pages.tsx";

describe("the pages of the app", () => {
  it("every route of spec §2 has a page of its own: none is a placeholder", () => {
    expect(Routes.ROUTES.map((route) => route.path).filter((path) => PAGES[path] === undefined)).toEqual([]);
  });

  it("no page is registered for a path that is no route", () => {
    const routes = new Set(Routes.ROUTES.map((route) => route.path));
    expect(Object.keys(PAGES).filter((path) => !routes.has(path))).toEqual([]);
  });
});
