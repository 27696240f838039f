import { afterEach, expect } from "vitest";
import { takeUndeclaredRefusals } from "./refusalCheck.ts";

// Vitest setup file (vitest.config.ts): a refusal an endpoint answered without declaring it fails the test that provoked it.
afterEach(() => {
  expect(takeUndeclaredRefusals(), "refusals missing from the contract's `refusals` lists (packages/domain/src/api/Api.ts)").toEqual([]);
});
