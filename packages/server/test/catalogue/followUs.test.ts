import { WebInfo } from "@fuel/domain/api";
import { eq } from "drizzle-orm";
import { Schema } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteSettings } from "../../src/db/schema.ts";
import { DEMO_FOLLOW_ACCOUNT_NAME, DEMO_FOLLOW_QRCODE } from "../../src/seed/demoFollow.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectSuccess, get } from "../identity/support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedIfEmpty(booted.db, new Date(booted.clock.now()));
});

const webInfo = async () => Schema.decodeUnknownSync(WebInfo)(expectSuccess<unknown>(await get(booted, "/api/webinfo/read")));

describe("the follow-us settings in GET /api/webinfo/read (issue 25)", () => {
  it("a new database serves the demo official account's name and its QR image as a PNG data URL", async () => {
    const info = await webInfo();
    expect(info.follow_account_name).toBe(DEMO_FOLLOW_ACCOUNT_NAME);
    expect(info.follow_qrcode).toBe(DEMO_FOLLOW_QRCODE);
    expect(info.follow_qrcode).toMatch(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+$/);
    // A real PNG: its signature decodes from the base64.
    const png = Buffer.from((info.follow_qrcode ?? "").split(",")[1] ?? "", "base64");
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("serves the image URL an operator set, as set", async () => {
    await booted.db.update(siteSettings).set({ followQrcode: "https://cdn.example.com/follow.png" }).where(eq(siteSettings.id, 1));
    booted.app.clearCatalogueCache();
    expect((await webInfo()).follow_qrcode).toBe("https://cdn.example.com/follow.png");
  });

  it("with none set answers null for both, and the answer still reads as web info", async () => {
    await booted.db.update(siteSettings).set({ followQrcode: null, followAccountName: null }).where(eq(siteSettings.id, 1));
    booted.app.clearCatalogueCache();
    const info = await webInfo();
    expect(info.follow_qrcode).toBeNull();
    expect(info.follow_account_name).toBeNull();
  });
});
