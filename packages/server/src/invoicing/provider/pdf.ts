import { Time } from "@fuel/domain";
import type { InvoiceBuyer, InvoiceLine, InvoiceSeller } from "./InvoiceProvider.ts";

/**
 * The sandbox invoice's PDF, written by hand: one A4 page of text, no dependency. Chinese and
 * English both show, through Adobe's predefined CJK font `STSong-Light` with the `UniGB-UCS2-H`
 * encoding: every PDF reader ships (or substitutes) it, so nothing is embedded and the file stays
 * about 2 KB. Text is written as UTF-16 code units in hex; characters beyond the BMP become "?".
 * It says SANDBOX on its face: it is not a tax document.
 */

export interface SandboxInvoiceFace {
  readonly number: string;
  readonly issuedAt: Date;
  readonly seller: InvoiceSeller;
  readonly buyer: InvoiceBuyer;
  readonly lines: readonly InvoiceLine[];
  readonly totalCents: number;
}

const yuan = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} 元`;
};

/** A PDF hex string of the text's UCS-2 code units (UniGB-UCS2-H reads two bytes per character). */
const ucs2Hex = (text: string): string => {
  let hex = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    hex += (code > 0xffff || (code >= 0xd800 && code <= 0xdfff) ? 0x3f : code).toString(16).padStart(4, "0");
  }
  return `<${hex}>`;
};

/** The text lines of the page, top to bottom, with their font size. */
const faceLines = (face: SandboxInvoiceFace): Array<readonly [size: number, text: string]> => {
  const out: Array<readonly [number, string]> = [
    [18, "电子发票（普通发票） Electronic VAT invoice"],
    [12, "沙箱 SANDBOX：测试票据，不是税务凭证 / not a tax document"],
    [11, ""],
    [11, `发票号码 Number: ${face.number}`],
    [11, `开票日期 Date: ${Time.formatChinaIso(face.issuedAt.getTime()).slice(0, 10)}`],
    [11, ""],
    [11, `销售方 Seller: ${face.seller.title}`],
    [11, `站点编号 Station code: ${face.seller.code}`],
    [11, `购买方 Buyer: ${face.buyer.name}`],
    [11, `纳税人识别号 Taxpayer id: ${face.buyer.taxId ?? "—"}`],
    [11, ""],
  ];
  for (const line of face.lines) {
    out.push([11, `项目 Item: ${line.description}`]);
    out.push([11, `  数量 Litres: ${line.litres} 升   单价 Unit price: ${line.unitPrice} 元/升`]);
    out.push([11, `  金额 Amount: ${yuan(line.amountCents)}   税率 Tax rate: ${line.taxRatePercent}%   税额 Tax: ${yuan(line.taxCents)}`]);
  }
  out.push([11, ""]);
  out.push([12, `价税合计 Total (tax included): ${yuan(face.totalCents)}`]);
  return out;
};

const contentStream = (face: SandboxInvoiceFace): string => {
  const ops = ["BT", "50 790 Td"];
  let first = true;
  for (const [size, text] of faceLines(face)) {
    if (!first) ops.push(`0 -${Math.round(size * 1.7)} Td`);
    first = false;
    ops.push(`/F1 ${size} Tf`, `${ucs2Hex(text)} Tj`);
  }
  ops.push("ET");
  return ops.join("\n");
};

/** The PDF's bytes: `%PDF-1.4` ... `%%EOF`, with a correct cross-reference table. */
export const sandboxInvoicePdf = (face: SandboxInvoiceFace): Uint8Array => {
  const content = contentStream(face);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light-UniGB-UCS2-H /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 /W [1 95 500] >>",
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>",
  ];
  // The second line's high bytes tell tools the file is binary (PDF 1.4, 7.5.2).
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref`, `0 ${objects.length + 1}`, "0000000000 65535 f ", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `)].join("\n");
  chunks.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF`, "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
};
