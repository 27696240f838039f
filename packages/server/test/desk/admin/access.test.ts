import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, blacklist, inviteCodes } from "../../../src/db/schema.ts";
import { bootApp, type BootedApp } from "../../helpers/app.ts";
import { expectSuccess } from "../../identity/support.ts";
import { customer } from "../../orders/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../support.ts";

/**
 * Customers' access at the desk (issue 26): invite codes and the blacklist through HTTP, admin
 * only, the CLI's code underneath, an audit row for each change and none for a refusal.
 */

let booted: BootedApp;
let admin: string;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  admin = (await signedInStaff(booted, "boss", "admin")).cookie;
});

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);
const auditCount = async () => (await audit()).length;

interface Invite {
  code: string;
  created_at: string;
  redeemed_at: string | null;
  redeemed_by_phone: string | null;
}

describe("invite codes at the desk", () => {
  it("creates codes (one 'inviteCreated' row naming them) and lists them newest first with who redeemed one", async () => {
    const before = await auditCount();
    const first = expectSuccess<{ codes: string[] }>(await deskPost(booted, "/api/desk/invites/create", { count: 2 }, { cookie: admin })).codes;
    expect(first).toHaveLength(2);
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.act, r.staffName, r.before, r.after])).toEqual([["inviteCreated", "boss", null, { codes: first }]]);

    booted.clock.advance(60);
    const later = expectSuccess<{ codes: string[] }>(await deskPost(booted, "/api/desk/invites/create", { count: "1" }, { cookie: admin })).codes;
    const someone = await customer(booted, "13912345678");
    await booted.db
      .update(inviteCodes)
      .set({ redeemedAt: new Date(booted.clock.now()), redeemedBy: someone.id })
      .where(eq(inviteCodes.code, first[0] ?? ""));

    const page = await deskGet(booted, "/api/desk/invites", { cookie: admin });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data as { invites: Invite[]; total: number; page: number };
    expect(data.total).toBe(3);
    expect(data.page).toBe(1);
    expect(new Set(data.invites.map((i) => i.code))).toEqual(new Set([...first, ...later]));
    const redeemed = data.invites.find((i) => i.code === first[0]);
    expect(redeemed?.redeemed_by_phone).toBe("13912345678");
    expect(redeemed?.redeemed_at).not.toBeNull();
    const createdAts = data.invites.map((i) => Date.parse(i.created_at));
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
    expect((await deskGet(booted, "/api/desk/invites?page=2", { cookie: admin })).json().data.invites).toEqual([]);
  });

  it("a count outside 1..1000 or not a number answers 400 with a message and writes nothing", async () => {
    const before = await auditCount();
    for (const count of [0, 1001, -1, 1.5, "many", null]) {
      const res = await deskPost(booted, "/api/desk/invites/create", { count }, { cookie: admin });
      expect(res.statusCode, `${String(count)}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/count/);
    }
    expect((await deskGet(booted, "/api/desk/invites?page=0", { cookie: admin })).statusCode).toBe(400);
    expect(await booted.db.select().from(inviteCodes)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});

describe("the blacklist at the desk", () => {
  it("adds a phone as pasted (+86, spaces), lists it, removes it; a 'blacklistChanged' row per change, none for no change", async () => {
    const before = await auditCount();
    expect(expectSuccess(await deskPost(booted, "/api/desk/blacklist/add", { phone: "+86 139 1234 5678" }, { cookie: admin }))).toEqual({ changed: true });
    expect(expectSuccess(await deskPost(booted, "/api/desk/blacklist/add", { phone: "13912345678" }, { cookie: admin }))).toEqual({ changed: false });
    expect(expectSuccess(await deskGet(booted, "/api/desk/blacklist", { cookie: admin }))).toEqual({ phones: ["13912345678"] });
    expect(expectSuccess(await deskPost(booted, "/api/desk/blacklist/remove", { phone: "139-1234-5678" }, { cookie: admin }))).toEqual({ changed: true });
    expect(expectSuccess(await deskPost(booted, "/api/desk/blacklist/remove", { phone: "13912345678" }, { cookie: admin }))).toEqual({ changed: false });
    expect(await booted.db.select().from(blacklist)).toEqual([]);
    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.act, r.subject, r.before, r.after])).toEqual([
      ["blacklistChanged", "13912345678", { blacklisted: false }, { blacklisted: true }],
      ["blacklistChanged", "13912345678", { blacklisted: true }, { blacklisted: false }],
    ]);
  });

  it("a blacklisted customer's token is refused at once", async () => {
    const someone = await customer(booted, "13912345678");
    expectSuccess(await deskPost(booted, "/api/desk/blacklist/add", { phone: "13912345678" }, { cookie: admin }));
    const res = await booted.app.inject({ method: "GET", url: "/api/user/info", headers: { authorization: `Bearer ${someone.token}` } });
    expect(tagOf(res)).toBe("Blacklisted");
  });

  it("a phone that is not a mainland mobile answers 400 PhoneInvalid and writes nothing", async () => {
    const before = await auditCount();
    for (const phone of ["12345", "2391234567a", "", "1391234567890"]) {
      for (const url of ["/api/desk/blacklist/add", "/api/desk/blacklist/remove"]) {
        const res = await deskPost(booted, url, { phone }, { cookie: admin });
        expect([res.statusCode, tagOf(res), res.json().message], `${url} ${phone}`).toEqual([400, "PhoneInvalid", "enter a correct phone number"]);
      }
    }
    expect((await deskPost(booted, "/api/desk/blacklist/add", { phone: 13912345678 }, { cookie: admin })).statusCode).toBe(400);
    expect(await booted.db.select().from(blacklist)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});

describe("who may manage invites and the blacklist", () => {
  const calls: Array<[string, string, unknown]> = [
    ["POST", "/api/desk/invites/create", { count: 1 }],
    ["GET", "/api/desk/invites", undefined],
    ["GET", "/api/desk/blacklist", undefined],
    ["POST", "/api/desk/blacklist/add", { phone: "13912345678" }],
    ["POST", "/api/desk/blacklist/remove", { phone: "13912345678" }],
  ];
  const send = (method: string, url: string, body: unknown, headers: Record<string, string>) =>
    method === "GET" ? deskGet(booted, url, headers) : deskPost(booted, url, body, headers);

  it("a distributor and a cashier get 403, no session 401, a POST without Origin 403; nothing written", async () => {
    const distributor = (await signedInStaff(booted, "d.one", "distributor")).cookie;
    const cashier = (await signedInStaff(booted, "c.one", "cashier")).cookie;
    const before = await auditCount();
    for (const [method, url, body] of calls) {
      for (const cookie of [distributor, cashier]) {
        const res = await send(method, url, body, { cookie });
        expect([res.statusCode, tagOf(res)], url).toEqual([403, "StaffActionForbidden"]);
      }
      expect((await send(method, url, body, {})).statusCode, url).toBe(401);
      if (method === "POST") {
        const res = await booted.app.inject({ method: "POST", url, headers: { "content-type": "application/json", cookie: admin }, payload: JSON.stringify(body) });
        expect([res.statusCode, tagOf(res)], url).toEqual([403, "CrossSiteRequest"]);
      }
    }
    expect(await booted.db.select().from(inviteCodes)).toEqual([]);
    expect(await booted.db.select().from(blacklist)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});
