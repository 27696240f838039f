import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launch, phone, scrollsSideways, shot } from "./support.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("the shell in Chromium", () => {
  it("serves the sign-in page with its title and no console error", async () => {
    const { page, errors, context } = await phone(browser);
    await page.goto(`${baseUrl()}/login`, { waitUntil: "networkidle" });
    expect(await page.title()).toBe("Sign in");
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, "shell-login");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the not-found page for an unknown path", async () => {
    const { page, context } = await phone(browser);
    await page.goto(`${baseUrl()}/no/such/page`, { waitUntil: "networkidle" });
    await page.getByText("Page not found").waitFor();
    await shot(page, "shell-not-found");
    await context.close();
  });

  it("fails closed with a retry when the server's mode cannot be read", async () => {
    const { page, context } = await phone(browser);
    await page.route("**/api/version", (route) => route.abort());
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    await page.unroute("**/api/version");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.waitForFunction(() => document.title === "Sign in");
    await context.close();
  });
});
