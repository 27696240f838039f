import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { DESK_STATIONS_CSV_MAX_LENGTH } from "@fuel/domain/api";
import iconv from "iconv-lite";
import { describe, expect, it, vi } from "vitest";
import { describeDeskError } from "../../../src/desk/stores/deskMessages.ts";
import { StationsImportStore } from "../../../src/desk/stores/places/StationsImportStore.ts";
import { deskStores } from "../support/renderDesk.tsx";
import { bytesFile, textFile } from "./files.ts";

const HEADER = "city,title,address,longitude,latitude,shop_image,now_price,nation_price,original_price,sell_type,code_id,tel,business_start_time,business_end_time";
const CSV = `${HEADER}\r\nGuangzhou,Huangpu East,88 Road,113.4521,23.1042,,689,745,745,0#;92#,GZ012,020-1,06:00,22:00\r\nFoshan,Chancheng,1 Road,113.1,23.0,,700,760,750,0#,FS1,0757-1,00:00,24:00\r\n`;

const importer = (locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ locale });
  const reload = vi.fn(() => Promise.resolve());
  return { stores, reload, store: new StationsImportStore(stores.ports, stores.i18n, stores.notices, reload) };
};

describe("the CSV import at the desk (issue 26)", () => {
  it("reads the chosen file and counts its stations; sent, it says what was added and changed and reloads the list", async () => {
    const { stores, store, reload } = importer();
    await store.choose(textFile("stations.csv", CSV));
    expect(store.file).toMatchObject({ name: "stations.csv", stations: 2, encoding: "UTF-8" });
    stores.api.on("deskStationsImport", { added: 1, updated: 1 });
    expect(await store.send()).toBe(true);
    expect(stores.api.callsTo("deskStationsImport")[0]?.input).toEqual({ csv: CSV });
    expect(stores.notices.latest).toMatchObject({ text: "Imported: 1 added, 1 updated.", kind: "success" });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.file).toBeUndefined();
  });

  it("reads a Chinese Excel's CSV (GBK) with its Chinese intact, and counts stations, not lines (a quoted address on two lines is one station)", async () => {
    const { stores, store } = importer("zh-CN");
    const chinese = `${HEADER}\r\n佛山市,禅城季华路加油站,"季华五路 88 号\r\n二楼",113.12,23.02,,700,760,750,0#,FS1,0757-1,00:00,24:00\r\n广州市,黄埔东,黄埔东路 1 号,113.4,23.1,,689,745,745,0#,GZ1,020-1,06:00,22:00\r\n`;
    await store.choose(bytesFile("油站.csv", Uint8Array.from(iconv.encode(chinese, "cp936"))));
    expect(store.problem).toBeUndefined();
    expect(store.file).toEqual({ name: "油站.csv", csv: chinese, encoding: "GB18030", stations: 2 });
    expect(stores.i18n.t("desk.places.importConfirm", { name: "油站.csv", stations: 2 })).toBe("导入 油站.csv 中的 2 个油站吗？城市和名称相同的油站将被文件中的替换。");
    stores.api.on("deskStationsImport", { added: 2, updated: 0 });
    expect(await store.send()).toBe(true);
    expect(stores.api.callsTo("deskStationsImport")[0]?.input).toEqual({ csv: chinese });
  });

  it.each(["en", "zh-CN"] as const)("refuses a Latin-1 file before sending it, saying what to do (%s)", async (locale) => {
    const { stores, store } = importer(locale);
    const latin = `${HEADER}\r\nMünchen,Tankstelle Süd,Großstraße 5,11.5,48.1,,745,760,750,0#,M1,089,06:00,22:00\r\n`;
    await store.choose(bytesFile("latin1.csv", Uint8Array.from(iconv.encode(latin, "latin1"))));
    expect(store.file).toBeUndefined();
    expect(describeDeskError(store.problem!, stores.i18n)).toBe(
      locale === "en"
        ? "the file is not UTF-8 or Chinese GBK/GB18030 text (line 2 is neither): in Excel, save it as 'CSV UTF-8 (Comma delimited)', or on a Chinese Excel as 'CSV (Comma delimited)', then try again"
        : "文件既不是 UTF-8 也不是中文 GBK/GB18030 编码（第 2 行无法识别）：请在 Excel 中另存为“CSV UTF-8（逗号分隔）”，或在中文版 Excel 中另存为“CSV（逗号分隔）”，然后重试",
    );
    expect(stores.api.callsTo("deskStationsImport")).toHaveLength(0);
  });

  it("a file with a header and no station is said so before sending", async () => {
    const { stores, store } = importer();
    await store.choose(textFile("header.csv", `${HEADER}\r\n\r\n`));
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("header.csv has no stations: after its header row, one station per line.");
    expect(store.file).toBeUndefined();
  });

  it("a refused file lists the server's problems by line, in the admin's language; the list is not reloaded", async () => {
    const { stores, store, reload } = importer("zh-CN");
    await store.choose(textFile("bad.csv", CSV));
    stores.api.fail(
      "deskStationsImport",
      new ServerRefused({
        message: "",
        status: 400,
        tag: "StationsImportRefused",
        params: { problems: "line 3: now_price must be whole cents per litre above 0, got 'x'; line 3: sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)" },
      }),
    );
    expect(await store.send()).toBe(false);
    expect(store.refusal).toEqual([
      { line: 3, text: "now_price must be whole cents per litre above 0, got 'x'" },
      { line: 3, text: "sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)" },
    ]);
    expect(stores.i18n.t("desk.places.line", { line: 3 })).toBe("第 3 行");
    expect(reload).not.toHaveBeenCalled();
    expect(store.file?.name).toBe("bad.csv");
  });

  it("a file over the desk's limit is refused before it is read or sent; the CLI is named", async () => {
    const { stores, store } = importer();
    const read = vi.fn(() => Promise.resolve(new Uint8Array()));
    await store.choose({ name: "huge.csv", type: "text/csv", size: DESK_STATIONS_CSV_MAX_LENGTH * 5, read });
    expect(read).not.toHaveBeenCalled();
    expect(describeDeskError(store.problem!, stores.i18n)).toBe(
      "huge.csv is too large for the desk: at most 60,000 characters and 64 KB. Split it, or import it with the operators' CLI (npm run fuel -- stations import).",
    );
    await store.choose(textFile("long.csv", `${HEADER}\n${"x".repeat(DESK_STATIONS_CSV_MAX_LENGTH)}`));
    expect(store.problem?._tag).toBe("desk.places.importTooLarge");
    expect(store.file).toBeUndefined();
    expect(stores.api.callsTo("deskStationsImport")).toHaveLength(0);
  });

  it("a file under the character limit but over 64 KB as UTF-8 (Chinese names) is refused too", async () => {
    const { store } = importer();
    await store.choose(textFile("chinese.csv", `${HEADER}\n${"广".repeat(30_000)}`));
    expect(store.problem?._tag).toBe("desk.places.importTooLarge");
  });

  it("an empty or unreadable file is said so", async () => {
    const { stores, store } = importer();
    await store.choose(textFile("empty.csv", " \n"));
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("empty.csv is empty.");
    await store.choose({ name: "gone.csv", type: "text/csv", size: 10, read: () => Promise.reject(new Error("NotReadableError")) });
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("gone.csv could not be read.");
  });

  it("no network changes nothing and says so; the file stays chosen to try again", async () => {
    const { stores, store } = importer();
    await store.choose(textFile("stations.csv", CSV));
    stores.api.fail("deskStationsImport", new Offline({}));
    expect(await store.send()).toBe(false);
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.refusal).toBeUndefined();
    expect(store.file).toBeDefined();
  });
});
