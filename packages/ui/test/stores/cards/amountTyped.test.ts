import { describe, expect, it } from "vitest";
import { runInAction } from "mobx";
import { fuelDraftStore } from "../../../src/stores/FuelDraftStore.ts";
import { stationsStore } from "../../../src/stores/StationsStore.ts";
import { testRoot } from "../../support/render.tsx";
import { guangzhouStations } from "../../support/stations.ts";
import { cardsApp, ENTITY_A } from "./fixtures.ts";

/** Issue 25: the card pages' amount, as typed: '0' is not an empty field, and nothing is cut short. */

const T = {
  en: { zero: "amount must be more than 0", empty: "recharge amount cannot be empty", over: "single amount cannot exceed 5000 yuan", over10000: "cannot exceed 10000 yuan" },
  "zh-CN": { zero: "金额必须大于0", empty: "充值金额不能为空", over: "单笔金额不能超过5000元", over10000: "不能超过10000元" },
} as const;

describe.each(["en", "zh-CN"] as const)("the recharge amount in %s", (locale) => {
  const t = T[locale];
  const typed = async (page: "entityRecharge" | "cardPage", amount: string) => {
    const root = cardsApp({ locale });
    await root.draft.open(page);
    root.draft.pickListed(ENTITY_A);
    root.draft.setAmount(amount);
    root.draft.touch();
    return root;
  };

  it.each(["entityRecharge", "cardPage"] as const)("on %s '0' says the amount must be more than 0", async (page) => {
    expect((await typed(page, "0")).draft.amountError).toBe(t.zero);
  });

  it.each(["entityRecharge", "cardPage"] as const)("on %s an empty field says the amount cannot be empty", async (page) => {
    expect((await typed(page, "")).draft.amountError).toBe(t.empty);
  });

  it("on /recharge2 12345 is kept and refused in words, not cut to 1234", async () => {
    const root = await typed("entityRecharge", "12345");
    expect(root.draft.amountText).toBe("12345");
    expect(root.draft.amountError).toBe(t.over);
    expect(root.draft.quote).toBeUndefined();
  });
});

describe.each(["en", "zh-CN"] as const)("the one-key amount in %s", (locale) => {
  it("123456 is kept and refused in words, not cut short", async () => {
    const root = testRoot({ locale });
    runInAction(() => {
      for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
    });
    const draft = root.use(fuelDraftStore);
    await draft.open(3);
    draft.setAmount("123456");
    draft.proceed();
    expect(draft.amountText).toBe("123456");
    expect(draft.amountError).toBe(T[locale].over10000);
    expect(root.navigation.pending).toBeUndefined();
  });
});
