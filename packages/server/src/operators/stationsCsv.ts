import { StationRow, StationsCsv } from "@fuel/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { cities, stations } from "../db/schema.ts";
import { CsvSyntaxError, parseCsv, serializeCsv } from "./csv.ts";

/**
 * Stations as CSV for operators (`npm run fuel -- stations import|export`). Export writes exactly
 * what import reads, so a round trip changes nothing. Prices are integer cents per litre and
 * coordinates GCJ-02, as stored.
 */

export const STATION_COLUMNS = StationRow.STATION_COLUMNS;
/** What the export writes: the required columns, then the optional ones (issue 35: invoice_policy). */
export const EXPORT_COLUMNS = [...StationRow.STATION_COLUMNS, ...StationRow.OPTIONAL_STATION_COLUMNS] as const;

export type Column = StationRow.StationColumn | StationRow.OptionalStationColumn;
export type StationInsert = typeof stations.$inferInsert;

/** A checked row as the stations table stores it. */
const insertOf = (s: StationRow.CheckedStation): StationInsert => ({
  city: s.city,
  title: s.title,
  address: s.address,
  longitude: s.longitude,
  latitude: s.latitude,
  shopImage: s.shop_image,
  nowPrice: s.now_price,
  nationPrice: s.nation_price,
  originalPrice: s.original_price,
  sellType: s.sell_type,
  codeId: s.code_id,
  tel: s.tel,
  businessStartTime: s.business_start_time,
  businessEndTime: s.business_end_time,
  // Absent: an update keeps the station's policy, an insert takes the table's default ('station').
  ...(s.invoice_policy === undefined ? {} : { invoicePolicy: s.invoice_policy }),
});

/**
 * One CSV row checked into a station by the domain's row rules (StationRow), or every problem it
 * has, tagged (`tagged`) and in English (`problems`, as the CLI prints them). The desk's station
 * form is checked with it too.
 */
export const checkRow = (
  get: (c: Column) => string,
): { station: StationInsert } | { problems: string[]; tagged: ReadonlyArray<StationRow.StationProblem> } => {
  const checked = StationRow.checkStationRow(get, get);
  if (checked.ok) return { station: insertOf(checked.station) };
  return { problems: checked.problems.map((p) => StationRow.problemText(p)), tagged: checked.problems };
};

/** A refused import names its problems in English, one a line (`errors`, as the CLI prints them), and tagged (`problems`), in the same order. */
export type ImportResult =
  | { readonly ok: true; readonly added: number; readonly updated: number }
  | { readonly ok: false; readonly errors: string[]; readonly problems: ReadonlyArray<StationRow.StationProblem> };

const refused = (problems: ReadonlyArray<StationRow.StationProblem>): ImportResult => ({
  ok: false,
  errors: problems.map((p) => StationRow.problemText(p)),
  problems,
});

/** Adds the cities `names` that do not exist yet, after the last one, so a station may name them. */
export const ensureCities = async (tx: Tx, names: readonly string[]): Promise<void> => {
  const [last] = await tx.select({ sort: cities.sort }).from(cities).orderBy(desc(cities.sort)).limit(1);
  let sort = (last?.sort ?? 0) + 1;
  for (const name of names) await tx.insert(cities).values({ name, sort: sort++ }).onConflictDoNothing();
};

/**
 * Validates every row first; imports nothing unless all are good, then all in one transaction.
 * `alsoInTransaction` runs in that transaction after the writes (the desk's audit row), so a
 * failure there undoes the import.
 */
export const importStationsCsv = async (
  db: Database,
  text: string,
  alsoInTransaction?: (tx: Tx, result: { added: number; updated: number }) => Promise<void>,
): Promise<ImportResult> => {
  let records;
  try {
    records = parseCsv(text);
  } catch (err) {
    // The parser's own words (csv.ts), behind the line it names.
    if (err instanceof CsvSyntaxError) return refused([{ key: "StationsCsvSyntax", params: { problem: err.message.replace(/^line \d+: /, "") }, line: err.line }]);
    throw err;
  }
  const [header, ...rows] = records;
  if (header === undefined) return refused([{ key: "StationsCsvEmpty", params: {} }]);
  // A column named twice is refused (StationsCsv.headerProblems), so each name has one index.
  const headerRefused = StationsCsv.headerProblems(header.fields, header.line);
  if (headerRefused.length > 0) return refused(headerRefused);
  const index = new Map(header.fields.map((name, i) => [name.trim(), i]));
  if (rows.length === 0) return refused([{ key: "StationsCsvNoStations", params: {} }]);

  const problems: StationRow.StationProblem[] = [];
  const good: StationInsert[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.fields.length !== header.fields.length) {
      problems.push(StationRow.fieldCountProblem(row.line, row.fields.length, header.fields.length));
      continue;
    }
    const cell = (c: Column): string => {
      const at = index.get(c);
      return at === undefined ? "" : (row.fields[at] ?? "");
    };
    const checked = StationRow.checkStationRow(cell, cell);
    if (!checked.ok) {
      problems.push(...checked.problems.map((p) => StationRow.atLine(p, row.line)));
      continue;
    }
    const station = insertOf(checked.station);
    const key = `${station.city}\u0000${station.title}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push(StationRow.duplicateLineProblem(row.line, earlier));
    seen.set(key, row.line);
    good.push(station);
  }
  if (problems.length > 0) return refused(problems);

  return db.transaction(async (tx) => {
    await ensureCities(tx, [...new Set(good.map((s) => s.city))]);
    let added = 0;
    let updated = 0;
    for (const s of good) {
      const changed = await tx
        .update(stations)
        .set(s)
        .where(and(eq(stations.city, s.city), eq(stations.title, s.title)))
        .returning({ id: stations.id });
      if (changed.length > 0) updated += 1;
      else {
        await tx.insert(stations).values(s);
        added += 1;
      }
    }
    await alsoInTransaction?.(tx, { added, updated });
    return { ok: true as const, added, updated };
  });
};

/** Every station as CSV rows, the header first, in id order: what the import reads. `only` keeps those it answers true for (the desk's list filters). */
export const stationsCsvRows = async (db: Database, only: (station: typeof stations.$inferSelect) => boolean = () => true): Promise<string[][]> => {
  const rows = (await db.select().from(stations).orderBy(asc(stations.id))).filter(only);
  return [
    [...EXPORT_COLUMNS],
    ...rows.map((s) => [
      s.city,
      s.title,
      s.address,
      String(s.longitude),
      String(s.latitude),
      s.shopImage,
      String(s.nowPrice),
      String(s.nationPrice),
      String(s.originalPrice),
      s.sellType,
      s.codeId,
      s.tel,
      s.businessStartTime,
      s.businessEndTime,
      s.invoicePolicy,
    ]),
  ];
};

/** Every station as CSV text (the CLI's `stations export`); each cell formula-safe (./csv.ts). */
export const exportStationsCsv = async (db: Database): Promise<string> => serializeCsv(await stationsCsvRows(db));
