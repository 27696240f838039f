import iconv from "iconv-lite";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { decode, looksChinese, TextEncodingUnknown } from "../src/TextFile.ts";
import { text } from "../src/Messages.ts";

const bytesOf = (s: string, encoding: string): Uint8Array => Uint8Array.from(iconv.encode(s, encoding));

const HEADER = "city,title,address,longitude,latitude,shop_image,now_price,nation_price,original_price,sell_type,code_id,tel,business_start_time,business_end_time";
const CHINESE_CSV = `${HEADER}\r\n佛山市,禅城季华路加油站,季华五路 88 号（近绿景路）,113.1213,23.0215,,700,760,750,0#,FS-1,0757-1234,00:00,24:00\r\n广州市,黄埔东加油站,黄埔东路 1 号,113.45,23.10,,689,745,745,0#;92#,GZ1,020-1,06:00,22:00\r\n`;

describe("TextFile.decode on the files people have", () => {
  it("reads a station CSV as a Chinese Excel saves it (code page 936, GBK), its Chinese intact", () => {
    expect(decode(bytesOf(CHINESE_CSV, "cp936"))).toEqual(Result.succeed({ text: CHINESE_CSV, encoding: "GB18030" }));
  });

  it("reads GB18030 with a four-byte character (an ideograph beyond GBK) and drops GB18030's byte-order mark", () => {
    const withRare = CHINESE_CSV.replace("禅城", "禅城𠀀");
    expect(decode(bytesOf(`\uFEFF${withRare}`, "gb18030"))).toEqual(Result.succeed({ text: withRare, encoding: "GB18030" }));
  });

  it("reads a name with a rare GBK character among common ones (喆, 堃 are GBK extensions)", () => {
    const csv = CHINESE_CSV.replace("季华路", "喆堃路");
    expect(looksChinese(bytesOf("喆堃", "gbk"))).toBe(false);
    expect(decode(bytesOf(csv, "gbk"))).toEqual(Result.succeed({ text: csv, encoding: "GB18030" }));
  });

  it("reads UTF-8, with Excel's byte-order mark dropped", () => {
    expect(decode(bytesOf(`\uFEFF${CHINESE_CSV}`, "utf8"))).toEqual(Result.succeed({ text: CHINESE_CSV, encoding: "UTF-8" }));
    expect(decode(new Uint8Array())).toEqual(Result.succeed({ text: "", encoding: "UTF-8" }));
  });

  it.each([
    ["French", "Paris,Station Élysée,12 rue de la Paix,2.33,48.87,,745,760,750,0#,P1,01,06:00,22:00\nNîmes,Gare de Nîmes,1 av. Feuchères,4.36,43.83,,745,760,750,0#,N1,04,06:00,22:00"],
    ["German", "München,Tankstelle Süd,Großstraße 5,11.5,48.1,,745,760,750,0#,M1,089,06:00,22:00"],
    ["Portuguese", "São Paulo,Posto Conceição,Avenida Ribeirão 10,-46.6,-23.5,,745,760,750,0#,S1,011,06:00,22:00\nBelém,Posto Florianópolis,Rua das Ações 2,-48.5,-1.4,,745,760,750,0#,B1,091,06:00,22:00"],
    ["Spanish", "Málaga,Estación Peñón,Calle Añoreta 3,-4.4,36.7,,745,760,750,0#,MA1,952,06:00,22:00"],
  ])("refuses a %s Latin-1 (Windows-1252) file, naming its first line that is not UTF-8", (_language, rows) => {
    const result = decode(bytesOf(`${HEADER}\r\n${rows}\r\n`, "windows-1252"));
    expect(result).toEqual(Result.fail(new TextEncodingUnknown({ line: 2 })));
  });

  it("refuses UTF-16 (Excel's 'Unicode text'), with or without its byte-order mark, and any file holding a NUL byte", () => {
    expect(Result.isFailure(decode(bytesOf(`\uFEFF${CHINESE_CSV}`, "utf16le")))).toBe(true);
    expect(decode(bytesOf(HEADER, "utf16le"))).toEqual(Result.fail(new TextEncodingUnknown({ line: 1 })));
    expect(decode(bytesOf(`${HEADER}\nab\u0000c\n`, "utf8"))).toEqual(Result.fail(new TextEncodingUnknown({ line: 2 })));
  });

  it("the refusal says what to do, in English and Chinese", () => {
    expect(text("TextEncodingUnknown", "en", { line: 2 })).toBe(
      "the file is not UTF-8 or Chinese GBK/GB18030 text (line 2 is neither): in Excel, save it as 'CSV UTF-8 (Comma delimited)', or on a Chinese Excel as 'CSV (Comma delimited)', then try again",
    );
    expect(text("TextEncodingUnknown", "zh-CN", { line: 2 })).toContain("第 2 行");
  });
});
