import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAUTH_CODE_TTL_MS } from "../../src/providers/oauth/Sandbox.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, count, expectError, expectSuccess, get, post, seedUser } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const mint = async (body: object = {}): Promise<string> =>
  expectSuccess<{ code: string }>(await post(booted, "/api/sandbox/oauth/code", body)).code;
const exchange = (code: string) => post(booted, "/api/wechatauth", { code });

describe("POST /api/sandbox/oauth/code", () => {
  it("mints an opaque code, stored only as a hash", async () => {
    const code = await mint({ openid: "o6_test-openid", nickname: "Li Wei" });
    expect(code.length).toBeGreaterThanOrEqual(32);
    const rows = await booted.db.execute(sql`SELECT code_hash, openid, nickname FROM oauth_codes`);
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain(code);
  });

  it("without an openid, a new sandbox identity is made for each code", async () => {
    const a = expectSuccess<{ info: { openid: string } }>(await exchange(await mint()));
    const b = expectSuccess<{ info: { openid: string } }>(await exchange(await mint()));
    expect(a.info.openid).toMatch(/^sandbox-[0-9a-f]{16}$/);
    expect(b.info.openid).not.toBe(a.info.openid);
  });

  it("refuses an openid that is not one (spaces, control characters) with 400 and no row", async () => {
    for (const openid of ["has space", "nul\u0000byte", ""]) {
      expectError(await post(booted, "/api/sandbox/oauth/code", { openid }), 400, /openid/);
    }
    expect(await count(booted.db, "oauth_codes")).toBe(0);
  });

  it("refuses a wrongly typed field with 400", async () => {
    expectError(await post(booted, "/api/sandbox/oauth/code", { openid: 42 }), 400);
  });
});

describe("POST /api/wechatauth", () => {
  it("a new customer: created, unBindPhone true, no token, the openid and nickname", async () => {
    const res = await exchange(await mint({ openid: "o6_new", nickname: "Li Wei" }));
    expect(expectSuccess(res)).toEqual({ unBindPhone: true, is_activated: false, info: { openid: "o6_new", name: "Li Wei" } });
    expect(await count(booted.db, "users")).toBe(1);
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("a returning customer without a phone is the same user, not a second one", async () => {
    await exchange(await mint({ openid: "o6_again" }));
    await exchange(await mint({ openid: "o6_again" }));
    expect(await count(booted.db, "users")).toBe(1);
  });

  it("a customer with a bound phone is signed in: token, is_activated, the user", async () => {
    const user = await seedUser(booted, { openid: "o6_bound", activated: true, name: "Wang Fang" });
    const data = expectSuccess<{ unBindPhone: boolean; token: string; is_activated: boolean; info: Record<string, unknown> }>(
      await exchange(await mint({ openid: "o6_bound" })),
    );
    expect(data.unBindPhone).toBe(false);
    expect(data.is_activated).toBe(true);
    expect(data.info).toMatchObject({ id: user.id, phone: user.phone, openid: "o6_bound", is_activated: true });
    expectSuccess(await get(booted, "/api/user/info", { token: data.token }));
  });

  it("a code works once: reusing it answers 400 'already used'", async () => {
    const code = await mint();
    expectSuccess(await exchange(code));
    expectError(await exchange(code), 400, "authorization code already used, authorize again");
  });

  it("a code expires after 5 minutes", async () => {
    const code = await mint();
    booted.clock.advance(OAUTH_CODE_TTL_MS / 1000 + 1);
    expectError(await exchange(code), 400, "authorization code expired, authorize again");
  });

  it("a code still works just before 5 minutes", async () => {
    const code = await mint();
    booted.clock.advance(OAUTH_CODE_TTL_MS / 1000 - 5);
    expectSuccess(await exchange(code));
  });

  it("an unknown code answers 400 and writes nothing", async () => {
    const before = await allCounts(booted.db);
    const res = await exchange("never-issued");
    expectError(res, 400, "invalid authorization code, authorize again");
    expect(res.headers["x-error-tag"]).toBe("OauthCodeRejected");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("a missing code answers 400 naming the field", async () => {
    expectError(await post(booted, "/api/wechatauth", {}), 400, "missing field: code");
  });

  it("a customer whose bound phone is blacklisted gets 403 and no session", async () => {
    const user = await seedUser(booted, { openid: "o6_black" });
    await blacklistPhone(booted, user.phone!);
    expectError(await exchange(await mint({ openid: "o6_black" })), 403, "server busy, cannot use");
    expect(await count(booted.db, "sessions")).toBe(0);
  });
});

describe("following the official account (issue 13): the provider's word at every sign-in", () => {
  const signedIn = async (body: object) =>
    expectSuccess<{ token: string; info: { follows_official_account: boolean } }>(await exchange(await mint(body)));
  const userInfo = async (token: string) => expectSuccess<{ follows_official_account: boolean }>(await get(booted, "/api/user/info", { token }));
  const stored = async (openid: string) =>
    (await booted.db.execute(sql`SELECT follows_official_account AS f FROM users WHERE openid = ${openid}`)).rows[0]?.["f"];

  it("a sign-in as a follower: the user answer, user/info and the row say so", async () => {
    await seedUser(booted, { openid: "o6_follower" });
    const data = await signedIn({ openid: "o6_follower", follows_official_account: true });
    expect(data.info.follows_official_account).toBe(true);
    expect((await userInfo(data.token)).follows_official_account).toBe(true);
    expect(await stored("o6_follower")).toBe(true);
  });

  it("a sign-in without following (the field false or absent): false", async () => {
    await seedUser(booted, { openid: "o6_stranger" });
    expect((await signedIn({ openid: "o6_stranger", follows_official_account: false })).info.follows_official_account).toBe(false);
    expect((await signedIn({ openid: "o6_stranger" })).info.follows_official_account).toBe(false);
    expect(await stored("o6_stranger")).toBe(false);
  });

  it("a new customer (no phone yet) is stored with the flag of their first sign-in", async () => {
    expect(expectSuccess<{ unBindPhone: boolean }>(await exchange(await mint({ openid: "o6_first", follows_official_account: true }))).unBindPhone).toBe(true);
    expect(await stored("o6_first")).toBe(true);
  });

  it("a second sign-in changes the flag both ways, and user/info of an older session says the new one at once", async () => {
    await seedUser(booted, { openid: "o6_changes" });
    const first = await signedIn({ openid: "o6_changes", follows_official_account: true });
    expect((await userInfo(first.token)).follows_official_account).toBe(true);
    const second = await signedIn({ openid: "o6_changes", follows_official_account: false });
    expect(second.info.follows_official_account).toBe(false);
    expect((await userInfo(first.token)).follows_official_account).toBe(false);
    expect((await signedIn({ openid: "o6_changes", follows_official_account: true })).info.follows_official_account).toBe(true);
    expect((await userInfo(first.token)).follows_official_account).toBe(true);
    expect(await count(booted.db, "users")).toBe(1);
  });

  it("refuses a follow flag that is not a boolean (400), minting nothing", async () => {
    expectError(await post(booted, "/api/sandbox/oauth/code", { follows_official_account: "yes" }), 400);
    expect(await count(booted.db, "oauth_codes")).toBe(0);
  });
});

describe("the sandbox consent page", () => {
  const page = (query: string) => booted.app.inject({ method: "GET", url: `/sandbox/oauth/authorize?${query}` });
  const allow = (form: Record<string, string>) =>
    booted.app.inject({
      method: "POST",
      url: "/sandbox/oauth/authorize",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(form).toString(),
    });

  it("shows a mobile page with an Allow button, carrying redirect_uri and state", async () => {
    const res = await page("redirect_uri=%2Fwechatlogin&state=abc123");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('name="viewport"');
    expect(res.body).toContain(">Allow</button>");
    expect(res.body).toContain('name="state" value="abc123"');
    expect(res.body).toContain('name="redirect_uri" value="/wechatlogin"');
  });

  it("escapes what it echoes", async () => {
    const state = `"><script>alert(1)</script>`;
    const res = await page(`redirect_uri=${encodeURIComponent("/wechatlogin?x=<b>")}&state=${encodeURIComponent(state)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>");
    expect(res.body).not.toContain("<b>");
    expect(res.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it.each([
    "https://evil.example/cb",
    "//evil.example/cb",
    "/\\evil.example/cb",
    "javascript:alert(1)",
    "http://localhost:81/cb",
  ])("refuses to redirect off our origin: %s (400)", async (target) => {
    expectError(await page(`redirect_uri=${encodeURIComponent(target)}`), 400, "redirect_uri must be a path or URL on this server");
    expectError(await allow({ redirect_uri: target }), 400);
    expect(await count(booted.db, "oauth_codes")).toBe(0);
  });

  it("refuses a missing redirect_uri (400)", async () => {
    expectError(await page("state=x"), 400);
  });

  it("accepts an absolute URL on our own origin", async () => {
    const res = await page(`redirect_uri=${encodeURIComponent("http://localhost:80/wechatlogin")}`);
    expect(res.statusCode).toBe(200);
  });

  it("Allow redirects back with a code and the state, and the code signs in", async () => {
    const res = await allow({ redirect_uri: "/wechatlogin?from=app", state: "s-1", openid: "", nickname: "Zhao Lei" });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers["location"]), "http://localhost");
    expect(location.pathname).toBe("/wechatlogin");
    expect(location.searchParams.get("from")).toBe("app");
    expect(location.searchParams.get("state")).toBe("s-1");
    const code = location.searchParams.get("code")!;
    const data = expectSuccess<{ unBindPhone: boolean; info: { name?: string } }>(await exchange(code));
    expect(data).toMatchObject({ unBindPhone: true, info: { name: "Zhao Lei" } });
  });

  it("offers 'Follow the official account (关注公众号)', checked by default, in the form", async () => {
    const res = await page("redirect_uri=%2Fwechatlogin");
    expect(res.body).toMatch(/<input type="checkbox" name="follows_official_account" value="1" checked>\s*Follow the official account \(关注公众号\)/);
    expect(res.body.indexOf('name="follows_official_account"')).toBeLessThan(res.body.indexOf("</form>"));
  });

  it("Allow carries the choice with the code: checked follows, unchecked (the field absent) does not", async () => {
    await seedUser(booted, { openid: "o6_chooser" });
    const signInBy = async (form: Record<string, string>) => {
      const res = await allow({ redirect_uri: "/wechatlogin", openid: "o6_chooser", ...form });
      const code = new URL(String(res.headers["location"]), "http://localhost").searchParams.get("code")!;
      return expectSuccess<{ info: { follows_official_account: boolean } }>(await exchange(code)).info.follows_official_account;
    };
    expect(await signInBy({ follows_official_account: "1" })).toBe(true);
    expect(await signInBy({})).toBe(false);
    expect(await signInBy({ follows_official_account: "1" })).toBe(true);
  });

  it("Allow with an openid signs in as that customer again", async () => {
    await seedUser(booted, { openid: "o6_known" });
    const res = await allow({ redirect_uri: "/wechatlogin", openid: "o6_known" });
    const code = new URL(String(res.headers["location"]), "http://localhost").searchParams.get("code")!;
    expect(expectSuccess<{ unBindPhone: boolean }>(await exchange(code)).unBindPhone).toBe(false);
  });

  it("the JSON API still refuses form bodies (the form parser is the consent page's only)", async () => {
    const res = await booted.app.inject({
      method: "POST",
      url: "/api/wechatauth",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "code=abc",
    });
    expect(res.statusCode).toBe(415);
  });
});
