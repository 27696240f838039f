import { describe, expect, it } from "vitest";
import { sandboxInvoicePdf } from "../../../src/invoicing/provider/pdf.ts";
import { request } from "./fixtures.ts";

const r = request();
const pdf = Buffer.from(sandboxInvoicePdf({ number: "00000000123456789012", issuedAt: new Date(Date.UTC(2024, 10, 26, 1)), seller: r.seller, buyer: r.buyer, lines: r.lines, totalCents: r.totalCents }));
const text = pdf.toString("latin1");
/** The hex a UTF-16 text is written in on the page. */
const hexOf = (s: string): string => Array.from(s, (c) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, "0")).join("");

describe("the sandbox invoice PDF", () => {
  it("starts with %PDF- and ends with %%EOF", () => {
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.endsWith("%%EOF")).toBe(true);
  });

  it("its cross-reference table points at every object, and startxref at the table", () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(7);
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it("the content stream's /Length is its length", () => {
    const match = /<< \/Length (\d+) >>\nstream\n/.exec(text);
    const start = (match?.index ?? 0) + (match?.[0].length ?? 0);
    expect(text.slice(start + Number(match?.[1]), start + Number(match?.[1]) + "\nendstream".length)).toBe("\nendstream");
  });

  it("shows the number, seller, buyer, taxpayer id, litres, unit price, amounts and SANDBOX", () => {
    for (const s of ["00000000123456789012", r.seller.title, r.buyer.name, "91440300MA5F000000", "26.420", "7.13663891", "188.55 元", "21.69 元", "287.95 元", "SANDBOX", "2024-11-26"]) {
      expect(text, s).toContain(hexOf(s));
    }
  });
});
