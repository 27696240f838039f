import { describe, expect, it } from "vitest";
import { text } from "../src/Messages.ts";
import { STATION_COLUMNS } from "../src/StationRow.ts";
import { headerProblems, recordCount, stationCount } from "../src/StationsCsv.ts";

const HEADER = STATION_COLUMNS.join(",");

describe("StationsCsv.headerProblems", () => {
  it("a header naming every column once has no problem; extra columns are ignored, even twice", () => {
    expect(headerProblems([...STATION_COLUMNS], 1)).toEqual([]);
    expect(headerProblems([...STATION_COLUMNS, "notes", "notes", ""], 1)).toEqual([]);
  });

  it("a station column named twice is refused with its name (which one would be read?)", () => {
    const fields = [...STATION_COLUMNS.slice(0, 7), " now_price", ...STATION_COLUMNS.slice(7)];
    expect(headerProblems(fields, 1)).toEqual([{ key: "StationsCsvColumnTwice", params: { column: "now_price" }, line: 1 }]);
    expect(text("StationsCsvColumnTwice", "en", { column: "now_price" })).toBe("the header names the column now_price twice");
    expect(text("StationsCsvColumnTwice", "zh-CN", { column: "now_price" })).toBe("表头中 now_price 列出现了两次");
  });

  it("names the columns it lacks", () => {
    expect(headerProblems(["city", "title", "city"], 2)).toEqual([
      { key: "StationsCsvColumnTwice", params: { column: "city" }, line: 2 },
      { key: "StationsCsvColumnsMissing", params: { columns: STATION_COLUMNS.slice(2).join(", ") }, line: 2 },
    ]);
  });
});

describe("StationsCsv.stationCount: the records after the header, not the lines", () => {
  it.each([
    ["a header and two stations, LF", `${HEADER}\nA,1\nB,2\n`, 2],
    ["CRLF, no break after the last", `${HEADER}\r\nA,1\r\nB,2`, 2],
    ["a byte-order mark, blank lines", `\uFEFF${HEADER}\n\nA,1\n\n\nB,2\n\n`, 2],
    ["a quoted field holding line breaks and quotes", `${HEADER}\n"Foshan","1 Road\nBuilding ""2""\r\nfloor 3",x\nB,2\n`, 2],
    ["a record of one quoted empty field", `${HEADER}\n""\n`, 1],
    ["a header only", `${HEADER}\r\n`, 0],
    ["nothing", "", 0],
  ])("%s", (_name, csv, stations) => {
    expect(stationCount(csv)).toBe(stations);
    expect(recordCount(csv)).toBe(stations + (csv.includes("city") ? 1 : 0));
  });
});
