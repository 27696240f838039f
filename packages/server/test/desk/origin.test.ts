import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { addTestStaff, tagOf } from "./support.ts";

/**
 * The desk's origin check behind a trusted proxy, and its cookie in production mode (issue 26).
 * One app in production mode with TRUST_PROXY on: the proxy's `x-forwarded-host` and
 * `x-forwarded-proto` are the origin the browser saw.
 */
let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ config: { mode: "production", trustProxy: true } });
});
afterAll(async () => booted.close());

const login = (headers: Record<string, string>, name: string, password: string) =>
  booted.app.inject({ method: "POST", url: "/api/desk/login", headers: { "content-type": "application/json", ...headers }, payload: JSON.stringify({ name, password }) });

describe("desk origin behind a trusted proxy, production cookie", () => {
  it("the origin the proxy forwards is this server's own: accepted, and the cookie is Secure", async () => {
    const li = await addTestStaff(booted, "li.admin", "admin");
    const res = await login({ "x-forwarded-host": "fuel.example.com", "x-forwarded-proto": "https", origin: "https://fuel.example.com" }, li.name, li.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict; Path=\/api\/desk; Secure$/);
  });

  it("the backend's own address or plain http is not the origin the proxy forwards: 403", async () => {
    const li = await addTestStaff(booted, "li.other", "admin");
    for (const origin of ["http://localhost", "http://fuel.example.com", "https://fuel.example.com.evil.example"]) {
      const res = await login({ "x-forwarded-host": "fuel.example.com", "x-forwarded-proto": "https", origin }, li.name, li.password);
      expect(res.statusCode, origin).toBe(403);
      expect(tagOf(res)).toBe("CrossSiteRequest");
    }
  });
});
