import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { forgotPasswordStore } from "../../src/stores/ForgotPasswordStore.ts";
import { fuelDraftStore } from "../../src/stores/FuelDraftStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { testRoot } from "../support/render.tsx";
import { guangzhouStations } from "../support/stations.ts";
import { cardsApp, entityDraft } from "./cards/fixtures.ts";

/** Issue 25: every store that sends a phone sends the 11 digits of what was pasted (`Phone.normalize`). */

const PASTED = "+86 138-0013 8000";
const DIGITS = "13800138000";

describe("a pasted phone is sent as its 11 digits", () => {
  it("the forgotten-password reset", async () => {
    const root = testRoot();
    await root.use(forgotPasswordStore).reset({ phone: PASTED, code: "4821", password: "n3w-s3cret" });
    expect(root.ports.api.callsTo("resetPassword")[0]?.input).toMatchObject({ phone: DIGITS });
  });

  it("the card look-up by phone", async () => {
    const root = cardsApp();
    await root.cards.find("phone", PASTED);
    expect(root.ports.api.callsTo("rechargeCardsByPhone").map((c) => c.input)).toContainEqual({ phone: DIGITS });
    expect(root.cards.lookup).toMatchObject({ _tag: "Loaded", value: { by: "phone", query: DIGITS } });
  });

  it("the card purchase of /heartcard", async () => {
    const root = cardsApp();
    await root.purchase.open();
    root.purchase.setAmount("500");
    root.purchase.setPhone("138 0013 8000");
    expect(root.purchase.phoneError).toBeUndefined();
    expect(root.purchase.request).toMatchObject({ phone: DIGITS });
  });

  it("the entity-card recharge, its second phone too", async () => {
    const root = cardsApp();
    await entityDraft(root);
    root.draft.setPhone(PASTED);
    root.draft.setSecondPhone("139 0013 9000");
    expect(root.draft.confirmed?.wire).toMatchObject({ phone: DIGITS, phonenum2: "13900139000" });
    expect(root.draft.summary).toMatchObject({ phone: DIGITS, secondPhone: "13900139000" });
  });

  it("the one-key fuel order", async () => {
    const root = testRoot();
    runInAction(() => {
      for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
    });
    const draft = root.use(fuelDraftStore);
    await draft.open(3);
    draft.setAmount("200");
    draft.setPhone("138 0013 8000");
    expect(draft.confirmed).toMatchObject({ phone: DIGITS });
  });
});
