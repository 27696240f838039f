import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVOICE_STATES, isOpen, isPdf, isWithProvider, nextInvoiceState, readInvoiceNumber, type InvoiceEvent, type InvoiceState } from "../../src/invoice/State.ts";

/** Latin-1 bytes of a text (the tests' PDFs are ASCII). */
const bytesOf = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const textOf = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

const event = fc.constantFrom<InvoiceEvent>("send", "issue", "refuse");

describe("An invoice request's states", () => {
  it("any sequence of events issues or refuses a request at most once, and nothing leaves issued or refused", () => {
    fc.assert(fc.property(fc.array(event, { maxLength: 12 }), (events) => {
      let state: InvoiceState = "requested";
      let finals = 0;
      for (const e of events) {
        const next = nextInvoiceState(state, e);
        if (!isOpen(state)) expect(Result.isFailure(next)).toBe(true);
        if (Result.isSuccess(next)) {
          if (!isOpen(next.success)) finals++;
          state = next.success;
        }
      }
      expect(finals).toBeLessThanOrEqual(1);
    }));
  });

  it("only a requested one is sent to the provider; a sent one may still be issued or refused", () => {
    for (const s of INVOICE_STATES) expect(Result.isSuccess(nextInvoiceState(s, "send"))).toBe(s === "requested");
    expect(Result.getOrThrow(nextInvoiceState("issuing", "issue"))).toBe("issued");
    expect(Result.getOrThrow(nextInvoiceState("issuing", "refuse"))).toBe("refused");
  });
});

describe("What the desk uploads", () => {
  it("an invoice number is 8 to 20 digits, blanks and dashes ignored", () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{8,20}$/u), (n) => {
      expect(readInvoiceNumber(` ${n.slice(0, 4)}-${n.slice(4)} `)).toBe(n);
    }));
    for (const bad of ["", "1234567", "123456789012345678901", "12345678a", "１２３４５６７８"]) expect(readInvoiceNumber(bad), bad).toBeUndefined();
  });

  it("a PDF is known by its header and its end-of-file mark, not by its name", () => {
    const pdf = bytesOf("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(pdf.slice(0, 20))).toBe(false);
    expect(isPdf(bytesOf("<svg><script>alert(1)</script></svg>%%EOF"))).toBe(false);
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      expect(isPdf(bytes)).toBe(bytes.length >= 16 && textOf(bytes.slice(0, 5)) === "%PDF-" && textOf(bytes.slice(-1024)).includes("%%EOF"));
    }));
  });
});

describe("a request the e-invoice provider has (issue 35)", () => {
  it("a platform request being issued is the provider's; one not yet sent, and a station's, are the desk's", () => {
    expect(isWithProvider({ issuer: "platform", state: "issuing" })).toBe(true);
    expect(isWithProvider({ issuer: "platform", state: "requested" })).toBe(false);
    expect(isWithProvider({ issuer: "station", state: "requested" })).toBe(false);
  });

  it("a closed request is nobody's to act on, the provider's neither", () => {
    for (const issuer of ["station", "platform"] as const) for (const state of ["issued", "refused"] as const) expect(isWithProvider({ issuer, state })).toBe(false);
  });
});
