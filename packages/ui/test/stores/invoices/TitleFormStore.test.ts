import { ScriptedApi } from "@fuel/adapters/testing";
import { ServerRefused, timedOut } from "@fuel/adapters/ports";
import { describe, expect, it } from "vitest";
import { testRoot } from "../../support/render.tsx";
import { companyTitle, FakeInvoices, personalTitle } from "../../support/invoices.ts";
import { titleFormStore } from "../../../src/stores/invoices/TitleFormStore.ts";
import { invoiceTitlesStore } from "../../../src/stores/invoices/InvoiceTitlesStore.ts";

const rootWith = (locale: "en" | "zh-CN" = "en", titles = [companyTitle]) => {
  const root = testRoot({ locale, ports: { api: new ScriptedApi() } });
  const fake = new FakeInvoices(root.ports.api, { titles });
  const form = root.use(titleFormStore);
  form.start();
  return { root, fake, form };
};

describe("TitleFormStore: each field in the server's words (Invoice.titleProblems)", () => {
  it("says nothing before a field is left or the form submitted", () => {
    const { form } = rootWith();
    expect(form.errorOf("name")).toBeUndefined();
    expect(form.errorOf("tax_id")).toBeUndefined();
  });

  it("submitting an empty company title names both required fields, in English", async () => {
    const { root, form } = rootWith("en");
    expect(await form.submit()).toBeUndefined();
    expect(form.errorOf("name")).toBe("the invoice title cannot be empty");
    expect(form.errorOf("tax_id")).toBe("a company title needs its taxpayer id");
    expect(root.ports.api.callsTo("invoiceTitleSave")).toHaveLength(0);
  });

  it("submitting an empty company title names both required fields, in Chinese", async () => {
    const { form } = rootWith("zh-CN");
    await form.submit();
    expect(form.errorOf("name")).toBe("发票抬头不能为空");
    expect(form.errorOf("tax_id")).toBe("单位抬头须填写税号");
  });

  it("a field left with a bad value shows its rule at once, and the message goes as it is typed right", () => {
    const { form } = rootWith("en");
    form.set("tax_id", "9144-0101");
    form.leave("tax_id");
    expect(form.errorOf("tax_id")).toBe("a taxpayer id is 15 to 20 digits or capital letters");
    // Lower case and blanks are the rule's to tidy: the same id upper-cased is fine.
    form.set("tax_id", " 91440101ma5cxxxx2k ");
    expect(form.errorOf("tax_id")).toBeUndefined();
  });

  it("the optional fields: e-mail, phone, account and lengths, in both languages", () => {
    for (const [locale, texts] of [
      ["en", ["enter a correct e-mail address", "enter a correct phone number, with its area code", "a bank account number has only digits", "at most 100 characters"]],
      ["zh-CN", ["请输入正确的邮箱", "请输入正确的电话号码（含区号）", "银行账号只能是数字", "最多 100 个字"]],
    ] as const) {
      const { form } = rootWith(locale);
      form.set("email", "finance@");
      form.set("phone", "call me");
      form.set("account", "IBAN-abc");
      form.set("address", "路".repeat(101));
      for (const f of ["email", "phone", "account", "address"] as const) form.leave(f);
      expect([form.errorOf("email"), form.errorOf("phone"), form.errorOf("account"), form.errorOf("address")]).toEqual(texts);
    }
  });

  it("a personal title asks no taxpayer id and sends none, even one typed before switching", async () => {
    const { root, form } = rootWith();
    form.set("tax_id", "not an id");
    form.setType("personal");
    form.set("name", "Li Wei");
    const saved = await form.submit();
    expect(saved).toMatchObject({ type: "personal", name: "Li Wei", tax_id: null });
    expect(root.ports.api.callsTo("invoiceTitleSave")[0]?.input).toMatchObject({ type: "personal", tax_id: null });
  });

  it("a problem in a field under 'more' opens it on submit", async () => {
    const { form } = rootWith();
    form.set("name", "Pearl River Logistics");
    form.set("tax_id", "91440101MA5CXXXX2K");
    form.toggleMore();
    form.set("account", "abc");
    form.toggleMore();
    expect(form.moreOpen).toBe(false);
    await form.submit();
    expect(form.moreOpen).toBe(true);
    expect(form.errorOf("account")).toBe("a bank account number has only digits");
  });

  it("a saved title joins the list, made the default when asked", async () => {
    const { root, form } = rootWith();
    form.set("name", "Shenzhen Haulage Co.");
    form.set("tax_id", " 91440300ma5f00000x ");
    form.setMakeDefault(true);
    const saved = await form.submit();
    expect(saved).toMatchObject({ name: "Shenzhen Haulage Co.", tax_id: "91440300MA5F00000X", is_default: true });
    const titles = root.use(invoiceTitlesStore);
    expect(titles.defaultTitle?.title_id).toBe(saved?.title_id);
    expect(titles.list.filter((t) => t.is_default)).toHaveLength(1);
  });

  it("a failed save keeps what was typed and says why", async () => {
    const { root, form } = rootWith("en");
    root.ports.api.fail("invoiceTitleSave", timedOut(10_000));
    form.set("name", "Pearl River Logistics");
    form.set("tax_id", "91440101MA5CXXXX2K");
    expect(await form.submit()).toBeUndefined();
    expect(form.values).toMatchObject({ name: "Pearl River Logistics", tax_id: "91440101MA5CXXXX2K" });
    expect(form.saving).toBe(false);
    expect(form.refusal?._tag).toBe("TimedOut");
    expect(root.notices.latest?.text).toBe("the request timed out, try again");
  });

  it("the server's refusal is worded from the catalogue (a sixth title)", async () => {
    const { root, form } = rootWith("zh-CN");
    root.ports.api.fail("invoiceTitleSave", new ServerRefused({ message: "you can keep at most 5 invoice titles: delete one first", status: 400, tag: "InvoiceTitleLimit", params: { max: 5 } }));
    form.set("name", "李伟");
    form.setType("personal");
    await form.submit();
    expect(root.notices.latest?.text).toBe("最多保存 5 个发票抬头，请先删除一个");
  });

  it("editing starts from the kept title, with 'more' open when it has such fields", () => {
    const { form } = rootWith();
    form.start({ ...companyTitle, bank: "Bank of Guangzhou" });
    expect(form.titleId).toBe(companyTitle.title_id);
    expect(form.values.bank).toBe("Bank of Guangzhou");
    expect(form.moreOpen).toBe(true);
    form.start(personalTitle);
    expect(form.type).toBe("personal");
    expect(form.moreOpen).toBe(false);
  });
});

describe("InvoiceTitlesStore", () => {
  it("deleting the default makes the server's next one the default", async () => {
    const { root } = rootWith("en", [companyTitle, personalTitle]);
    const titles = root.use(invoiceTitlesStore);
    await titles.load();
    await titles.remove(companyTitle);
    expect(titles.list.map((t) => [t.title_id, t.is_default])).toEqual([[personalTitle.title_id, true]]);
    expect(root.notices.latest?.text).toBe("Title deleted");
  });

  it("'make default' saves the title as it is with is_default, and the mark moves", async () => {
    const { root } = rootWith("en", [companyTitle, personalTitle]);
    const titles = root.use(invoiceTitlesStore);
    await titles.load();
    await titles.makeDefault(titles.byId(personalTitle.title_id)!);
    expect(root.ports.api.callsTo("invoiceTitleSave")[0]?.input).toMatchObject({ title_id: personalTitle.title_id, name: "Li Wei", is_default: true });
    expect(titles.defaultTitle?.title_id).toBe(personalTitle.title_id);
  });

  it("is full at the server's maximum", async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ ...personalTitle, title_id: i + 1, is_default: i === 0 }));
    const { root } = rootWith("en", five);
    const titles = root.use(invoiceTitlesStore);
    await titles.load();
    expect(titles.full).toBe(true);
  });
});
