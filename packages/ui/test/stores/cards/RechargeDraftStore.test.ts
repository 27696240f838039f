import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { Money, Pricing } from "@fuel/domain";
import { amountCents } from "@fuel/domain/testing";
import { examples } from "@fuel/domain/api";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECHARGE_DRAFT_KEY } from "../../../src/stores/cards/savedRechargeDraft.ts";
import { cardsApp, ENTITY_A, entityDraft, followed, VIRTUAL, WEB_INFO } from "./fixtures.ts";
import { stationsStore } from "../../../src/stores/StationsStore.ts";

const OVER_5000 = "single amount cannot exceed 5000 yuan";
const OVER_10000 = "amounts over 10000 yuan: please contact your distributor";

/** /recharge2 opened with entity card A picked; messages shown (as after Continue). */
const onRecharge2 = async (options: Parameters<typeof cardsApp>[0] = {}) => {
  const root = cardsApp(options);
  await root.draft.open("entityRecharge");
  root.draft.pickListed(ENTITY_A);
  root.draft.touch();
  return root;
};

/** The card page opened on a card, messages shown. */
const onCardPage = async (card = VIRTUAL, options: Parameters<typeof cardsApp>[0] = {}) => {
  const root = cardsApp(options);
  await root.draft.open("cardPage");
  root.draft.pickListed(card);
  root.draft.touch();
  return root;
};

describe("RechargeDraftStore: the rules of /recharge2 (spec §5)", () => {
  it("'card number cannot be empty' without a card", async () => {
    const root = cardsApp();
    await root.draft.open("entityRecharge");
    root.draft.setAmount("100");
    root.draft.proceed();
    expect(root.draft.cardError).toBe("card number cannot be empty");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("'recharge amount cannot be empty' without an amount", async () => {
    const root = await onRecharge2();
    root.draft.proceed();
    expect(root.draft.amountError).toBe("recharge amount cannot be empty");
    expect(root.navigation.pending).toBeUndefined();
  });

  it.each([
    ["5000", undefined],
    ["5000.00", undefined],
    ["5000.01", OVER_5000],
    ["10000", OVER_5000],
  ])("an entity card: %s yuan -> %s", async (amount, message) => {
    const root = await onRecharge2();
    root.draft.setAmount(amount);
    expect(root.draft.amountError).toBe(message);
  });

  it("a typed virtual card has the same 5000 yuan limit on /recharge2", async () => {
    const root = await onRecharge2();
    root.draft.setSource("typed");
    root.draft.setTypedType("virtual");
    root.draft.setTypedLastNumber("7654321");
    root.draft.setTypedTeam("珠江物流车队");
    root.draft.setAmount("5000.01");
    expect(root.draft.amountError).toBe(OVER_5000);
    root.draft.setAmount("5000");
    expect(root.draft.amountError).toBeUndefined();
  });

  it("messages in zh-CN", async () => {
    const root = cardsApp({ locale: "zh-CN" });
    await root.draft.open("entityRecharge");
    root.draft.proceed();
    expect(root.draft.cardError).toBe("卡号不能为空");
    expect(root.draft.amountError).toBe("充值金额不能为空");
    root.draft.setAmount("5000.01");
    expect(root.draft.amountError).toBe("单笔金额不能超过5000元");
  });

  it("a typed card needs exactly its last 7 digits", async () => {
    const root = await onRecharge2();
    root.draft.setSource("typed");
    root.draft.setTypedLastNumber("123456");
    root.draft.setTypedTeam("珠江物流车队");
    expect(root.draft.cardError).toBe("enter a correct card number");
    root.draft.setTypedLastNumber("1234567");
    expect(root.draft.cardError).toBeUndefined();
  });

  it("messages wait until the customer leaves a field or continues", async () => {
    const root = cardsApp();
    await root.draft.open("entityRecharge");
    root.draft.setAmount("9000");
    expect(root.draft.amountError).toBeUndefined();
    root.draft.touch();
    expect(root.draft.amountError).toBe(OVER_5000);
  });

  it("a wrong second phone reads 'enter a correct phone number'; none is fine", async () => {
    const root = await onRecharge2();
    expect(root.draft.secondPhoneError).toBeUndefined();
    root.draft.setSecondPhone("1390013");
    expect(root.draft.secondPhoneError).toBe("enter a correct phone number");
  });

  it("Continue without a station stays on the form and says 'select a station first' under the station (issue 25)", async () => {
    const root = await onRecharge2();
    root.draft.setAmount("500");
    expect(root.draft.stationError).toBeUndefined();
    root.draft.proceed();
    expect(followed(root)).toBeUndefined();
    expect(root.draft.stationError).toBe("select a station first");
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    expect(followed(root)).toBe("/recharge2");
    expect(root.draft.stationError).toBeUndefined();
    root.draft.proceed();
    expect(followed(root)).toBe("/rechargeordernew");
  });
});

describe("RechargeDraftStore: the card page's limit (spec §5)", () => {
  it.each([
    ["5000.01", undefined],
    ["10000", undefined],
    ["10000.01", OVER_10000],
  ])("%s yuan -> %s", async (amount, message) => {
    const root = await onCardPage();
    root.draft.setAmount(amount);
    expect(root.draft.amountError).toBe(message);
  });

  it("says 'contact your distributor' in zh-CN", async () => {
    const root = await onCardPage(VIRTUAL, { locale: "zh-CN" });
    root.draft.setAmount("10000.01");
    expect(root.draft.amountError).toBe("金额超过10000元，请联系经销商");
  });
});

describe("RechargeDraftStore: the payable (spec §9, what the server charges)", () => {
  it("is Pricing.quote at the entity card price for any amount up to 5000 yuan", async () => {
    const root = await onRecharge2();
    fc.assert(
      fc.property(amountCents(5_000), (amount) => {
        root.draft.setAmount(Money.formatCents(amount));
        const expected = Pricing.quote(amount, WEB_INFO.price_0_shiti, WEB_INFO.price_0_original);
        expect(root.draft.quote).toEqual(expected.payable >= 1 ? expected : undefined);
      }),
      { numRuns: 80 },
    );
  });

  it("a virtual card is priced at price_0_xuni", async () => {
    const root = await onCardPage();
    root.draft.setAmount("1000");
    expect(root.draft.quote).toEqual(Pricing.quote(Money.fromYuan(1000), WEB_INFO.price_0_xuni, WEB_INFO.price_0_original));
  });

  it("shows nothing while the amount does not read", async () => {
    const root = await onRecharge2();
    for (const text of ["", "abc", "1.234", "5000.01"]) {
      root.draft.setAmount(text);
      expect(root.draft.quote).toBeUndefined();
    }
  });
});

describe("RechargeDraftStore: the card (spec §3, §7)", () => {
  it("picks one of the customer's cards with its type, team and the distributor's status", async () => {
    const root = cardsApp();
    await root.draft.open("entityRecharge");
    await root.cards.loadOwnStatus();
    root.draft.pickListed(ENTITY_A);
    expect(root.draft.card).toEqual({ lastNumber: "1234567", team: "珠江物流车队", cardType: "entity", cardNum: "1000111234567", status: "normal" });
    root.draft.pickListed(VIRTUAL);
    expect(root.draft.card?.cardType).toBe("virtual");
  });

  it("a card found by team that is not the customer's shows only its last 4 digits: those and its reference are the draft's (issue 22)", async () => {
    const root = await onRecharge2();
    root.draft.setSource("team");
    await root.cards.find("team", "Pearl River Logistics");
    expect(root.ports.api.callsTo("rechargeCardsByTeam")[0]?.input).toEqual({ team: "Pearl River Logistics" });
    const masked = examples.rechargeCardsByTeam.response[1]!;
    root.draft.pickFound(masked);
    expect(root.draft.card).toEqual({
      lastNumber: "4321",
      team: "Pearl River Logistics",
      cardType: "entity",
      cardNum: "*********4321",
      cardRef: masked.card_ref,
      status: "normal",
    });
    expect(root.draft.cardError).toBeUndefined();
  });

  it("another way to choose forgets the card picked", async () => {
    const root = await onRecharge2();
    root.draft.setSource("phone");
    expect(root.draft.card).toBeUndefined();
  });

  it("is kept in tabValues: a reload finds the same draft", async () => {
    const tab = new MemoryKeyValueStore();
    const before = cardsApp({ ports: { tabValues: tab } });
    await entityDraft(before, "321.5");
    before.draft.setSecondPhone("13900139000");
    before.draft.setRemark("after 6pm");
    expect(tab.get(RECHARGE_DRAFT_KEY)).not.toBeNull();
    const after = cardsApp({ ports: { tabValues: tab } });
    await after.draft.openChecklist();
    expect(after.draft.confirmed?.wire).toEqual(before.draft.confirmed?.wire);
    expect(after.draft.confirmed?.wire).toMatchObject({ order_amount: "32150", phonenum2: "13900139000", remark: "after 6pm", station_id: 3 });
  });

  it("the phone comes from the profile, also when another page is loading it", async () => {
    const root = cardsApp();
    const profile = root.session.loadUser();
    await root.draft.open("entityRecharge");
    await profile;
    expect(root.draft.phone).toBe("13800138000");
  });

  it("a draft from the other page starts afresh, keeping the phone and the station", async () => {
    const root = cardsApp();
    await entityDraft(root);
    await root.draft.open("cardPage");
    expect(root.draft.card).toBeUndefined();
    expect(root.draft.amountText).toBe("");
    expect(root.draft.phone).toBe("13800138000");
    expect(root.draft.stationId).toBe(3);
  });
});

describe("RechargeDraftStore: the station (spec §2 /rechargeStationList, §5)", () => {
  it("a station chosen joins the draft and goes back to /recharge2", async () => {
    const root = await onRecharge2();
    root.draft.chooseStation(root.use(stationsStore).station(1)!);
    expect(root.draft.stationId).toBe(1);
    expect(followed(root)).toBe("/recharge2");
  });

  it("from the card page it goes back to the card page it was started on (issue 25); asked from the checklist, to the checklist", async () => {
    const fromCard = await onCardPage();
    fromCard.draft.chooseStation(fromCard.use(stationsStore).station(1)!);
    expect(followed(fromCard)).toBe("/recharge/2");
    fromCard.draft.startedAt("/recharge/1/9000117654321");
    fromCard.draft.chooseStation(fromCard.use(stationsStore).station(1)!);
    expect(followed(fromCard)).toBe("/recharge/1/9000117654321");
    const fromChecklist = await onRecharge2();
    fromChecklist.draft.chooseStation(fromChecklist.use(stationsStore).station(1)!, "checklist");
    expect(followed(fromChecklist)).toBe("/rechargeordernew");
  });

  it("paying without a station says 'select a station first' in a dialog, and nothing is created", async () => {
    const root = await onRecharge2();
    root.draft.setAmount("500");
    expect(root.draft.readyButStation).toBe(true);
    expect(root.draft.checkoutOrder()).toBeUndefined();
    expect(root.draft.alert?.text).toBe("select a station first");
    expect(root.ports.api.callsTo("rechargeOrderCreate")).toHaveLength(0);
    root.draft.dismissAlert();
    expect(root.draft.alert).toBeUndefined();
  });

  it("'select a station first' in zh-CN", async () => {
    const root = await onRecharge2({ locale: "zh-CN" });
    root.draft.setAmount("500");
    root.draft.checkoutOrder();
    expect(root.draft.alert?.text).toBe("请先选择油站");
  });
});

describe("RechargeDraftStore: the wire draft (spec §3, §7 rechargeorder/create)", () => {
  it("entity recharge: the card's prefix and last digits, cents, the payable, the station, FY, no source", async () => {
    const root = cardsApp();
    await root.cards.loadOwnStatus();
    await entityDraft(root, "500");
    const quote = Pricing.quote(Money.fromYuan(500), WEB_INFO.price_0_shiti, WEB_INFO.price_0_original);
    expect(root.draft.confirmed?.wire).toEqual({
      gas_Type: "0#",
      card_type: 1,
      common_number: "100011",
      last_number: "1234567",
      order_amount: "50000",
      amount: quote.payable,
      phone: "13800138000",
      team: "珠江物流车队",
      card_status: "normal",
      station_id: 3,
      unitdiscount: WEB_INFO.price_0_original - WEB_INFO.price_0_shiti,
      paytype: "fy",
    });
  });

  it("a card that is not the customer's goes by its card_ref with the 4 digits shown and no prefix (issue 22)", async () => {
    const root = cardsApp();
    await root.cards.loadOwnStatus();
    await entityDraft(root, "500");
    root.draft.setSource("team");
    await root.cards.find("team", "Pearl River Logistics");
    const masked = examples.rechargeCardsByTeam.response[1]!;
    root.draft.pickFound(masked);
    const wire = root.draft.confirmed?.wire;
    expect(wire).toMatchObject({ card_type: 1, last_number: "4321", card_ref: masked.card_ref, team: "Pearl River Logistics", card_status: "normal" });
    expect(wire).not.toHaveProperty("common_number");
  });

  it("one of the customer's own cards goes by its prefix and last 7 digits even when it has a reference", async () => {
    const root = cardsApp();
    await entityDraft(root, "500");
    root.draft.pickListed({ ...ENTITY_A, card_ref: "7.Zp0c2Lw8sVt4yQ1nK6bH3xR9mJ5dA7eU2gC0iF8oTqW" });
    const wire = root.draft.confirmed?.wire;
    expect(wire).toMatchObject({ common_number: "100011", last_number: "1234567" });
    expect(wire).not.toHaveProperty("card_ref");
  });

  it("from the card page the draft says source 'card' and takes up to 10000 yuan", async () => {
    const root = await onCardPage();
    root.draft.setAmount("10000");
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    expect(root.draft.confirmed?.wire).toMatchObject({ card_type: 2, last_number: "7654321", order_amount: "1000000", source: "card" });
  });
});

describe("RechargeDraftStore: the card page's preconditions (spec §5, §8)", () => {
  const withUser = async (user: Partial<typeof examples.userInfo.response>, card = true) => {
    const root = cardsApp();
    root.ports.api.on("userInfo", { ...examples.userInfo.response, ...user });
    await root.draft.open("cardPage");
    if (card) root.draft.pickListed(VIRTUAL);
    root.draft.setAmount("800");
    return root;
  };

  it("without an oauth id: the dialog says the official account is upgrading", async () => {
    const root = await withUser({ oauth_id: null });
    await root.draft.proceedFromCard();
    expect(root.draft.alert?.text).toBe("the official account is upgrading, please try again later");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("not following the official account: the dialog asks to follow it", async () => {
    const root = await withUser({ follows_official_account: false });
    await root.draft.proceedFromCard();
    expect(root.draft.alert?.text).toBe("follow our official account first to top up this card");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("without a card: 'card id is missing' under the cards, no dialog", async () => {
    const root = await withUser({}, false);
    await root.draft.proceedFromCard();
    expect(root.draft.alert).toBeUndefined();
    expect(root.draft.cardPageCardError).toBe("card id is missing");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("over 10000 yuan stops at the distributor's message before anything else", async () => {
    const root = await withUser({ follows_official_account: false });
    root.draft.setAmount("10000.01");
    await root.draft.proceedFromCard();
    expect(root.draft.amountError).toBe(OVER_10000);
    expect(root.draft.alert).toBeUndefined();
  });

  it("all there, the station included: on to the checklist", async () => {
    const root = await withUser({});
    await root.draft.proceedFromCard();
    expect(followed(root)).toBeUndefined();
    expect(root.draft.stationError).toBe("select a station first");
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    followed(root);
    await root.draft.proceedFromCard();
    expect(followed(root)).toBe("/rechargeordernew");
  });
});
