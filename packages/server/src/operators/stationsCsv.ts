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

export const STATION_COLUMNS = [
  "city",
  "title",
  "address",
  "longitude",
  "latitude",
  "shop_image",
  "now_price",
  "nation_price",
  "original_price",
  "sell_type",
  "code_id",
  "tel",
  "business_start_time",
  "business_end_time",
] as const;

export type Column = (typeof STATION_COLUMNS)[number];
export type StationInsert = typeof stations.$inferInsert;

const GRADES = new Set(["0#", "92#", "95#", "98#"]);
const CLOCK = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;
const CENTS = /^[0-9]{1,7}$/;
const DECIMAL = /^-?[0-9]{1,3}(\.[0-9]{1,8})?$/;

/** One CSV row checked into a station, or every problem it has (the desk's station form checks its fields with it too). */
export const checkRow = (get: (c: Column) => string): { station: StationInsert } | { problems: string[] } => {
  const problems: string[] = [];
  for (const c of ["city", "title"] as const) if (get(c).trim() === "") problems.push(`${c} is empty`);
  for (const c of ["city", "title", "address", "code_id", "tel"] as const) if (get(c).length > 256) problems.push(`${c} is longer than 256 characters`);

  const coordinate = (c: "longitude" | "latitude", limit: number): number => {
    const raw = get(c).trim();
    const n = Number(raw);
    if (!DECIMAL.test(raw) || Math.abs(n) > limit) problems.push(`${c} must be a number from -${limit} to ${limit}, got '${raw}'`);
    return n;
  };
  const longitude = coordinate("longitude", 180);
  const latitude = coordinate("latitude", 90);

  const cents = (c: "now_price" | "nation_price" | "original_price", min: number): number => {
    const raw = get(c).trim();
    const n = Number(raw);
    if (!CENTS.test(raw) || n < min) problems.push(`${c} must be whole cents per litre${min > 0 ? " above 0" : ""}, got '${raw}'`);
    return n;
  };
  const nowPrice = cents("now_price", 1);
  const nationPrice = cents("nation_price", 0);
  const originalPrice = cents("original_price", 1);
  const pricesRead = [nowPrice, originalPrice].every((n) => Number.isInteger(n) && n > 0);
  if (pricesRead && originalPrice < nowPrice) problems.push(`original_price (${originalPrice}) is below now_price (${nowPrice}): the discount would be negative`);

  const sellType = get("sell_type").trim();
  const grades = sellType === "" ? [] : sellType.split(";");
  const unknown = grades.filter((g) => !GRADES.has(g.trim()));
  if (unknown.length > 0) problems.push(`sell_type has unknown grades ${unknown.map((g) => `'${g}'`).join(", ")} (known: 0#;92#;95#;98#)`);

  for (const c of ["business_start_time", "business_end_time"] as const) {
    if (!CLOCK.test(get(c).trim())) problems.push(`${c} must be HH:mm (or 24:00), got '${get(c)}'`);
  }
  if (problems.length > 0) return { problems };
  return {
    station: {
      city: get("city").trim(),
      title: get("title").trim(),
      address: get("address").trim(),
      longitude,
      latitude,
      shopImage: get("shop_image").trim(),
      nowPrice,
      nationPrice,
      originalPrice,
      sellType: grades.map((g) => g.trim()).join(";"),
      codeId: get("code_id").trim(),
      tel: get("tel").trim(),
      businessStartTime: get("business_start_time").trim(),
      businessEndTime: get("business_end_time").trim(),
    },
  };
};

export type ImportResult = { readonly ok: true; readonly added: number; readonly updated: number } | { readonly ok: false; readonly errors: string[] };

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
    if (err instanceof CsvSyntaxError) return { ok: false, errors: [err.message] };
    throw err;
  }
  const [header, ...rows] = records;
  if (header === undefined) return { ok: false, errors: ["the file is empty: it needs a header row and at least one station"] };
  const index = new Map(header.fields.map((name, i) => [name.trim(), i]));
  const missing = STATION_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) return { ok: false, errors: [`line ${header.line}: the header lacks the columns ${missing.join(", ")}`] };
  if (rows.length === 0) return { ok: false, errors: ["the file has a header but no stations"] };

  const errors: string[] = [];
  const good: StationInsert[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.fields.length !== header.fields.length) {
      errors.push(`line ${row.line}: ${row.fields.length} fields, the header has ${header.fields.length}`);
      continue;
    }
    const checked = checkRow((c) => row.fields[index.get(c)!] ?? "");
    if ("problems" in checked) {
      errors.push(...checked.problems.map((p) => `line ${row.line}: ${p}`));
      continue;
    }
    const key = `${checked.station.city}\u0000${checked.station.title}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) errors.push(`line ${row.line}: the same city and title as line ${earlier}`);
    seen.set(key, row.line);
    good.push(checked.station);
  }
  if (errors.length > 0) return { ok: false, errors };

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

export const exportStationsCsv = async (db: Database): Promise<string> => {
  const rows = await db.select().from(stations).orderBy(asc(stations.id));
  return serializeCsv([
    [...STATION_COLUMNS],
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
    ]),
  ]);
};
