// The domain's row rules; StationRow here is the stations table's row.
import { StationRow as RowRules } from "@fuel/domain";
import type { DeskStation, DeskStationSaveRequest } from "@fuel/domain/api";
import { and, asc, eq } from "drizzle-orm";
import { checkRow, ensureCities, importStationsCsv, type StationInsert } from "../../operators/stationsCsv.ts";
import type { Database } from "../../db/client.ts";
import type { Tx } from "../../db/queryable.ts";
import { stations } from "../../db/schema.ts";
import { refuse } from "../../refusals/Refusal.ts";
import { stationToWire, type StationRow } from "../../catalogue/stations.ts";

/**
 * The admin's stations at the desk (issue 26). A form's station goes through the CSV import's row
 * rules and a file through the import itself, so the desk, the CLI and the database's checks agree.
 * `audit` runs inside the act's transaction: a refused or failed act writes no audit row. A refusal
 * names its problems in English (`problems`) and tagged (`problem_list`), so the desk words them
 * in the admin's language (RowRules.problemsParams).
 */

/** Writes an audit row for an admin's act on places (stations, settings), in the act's transaction. */
export type AuditStations = (tx: Tx, act: "stationAdded" | "stationChanged" | "stationsImported" | "settingChanged", subject: string, before: unknown, after: unknown) => Promise<void>;

/** A station as the desk lists it: the same fields the customers' catalogue answers (`stationToWire`). */
export const deskStationOf = (s: StationRow): DeskStation => stationToWire(s);

export const listDeskStations = async (db: Database): Promise<DeskStation[]> =>
  (await db.select().from(stations).orderBy(asc(stations.id))).map(deskStationOf);

/**
 * Adds (no id) or changes (id) one station. Another station of the same city and title is refused
 * like the import's duplicate row: the import matches stations by that pair.
 */
export const saveDeskStation = async (db: Database, request: DeskStationSaveRequest, audit: AuditStations): Promise<DeskStation> => {
  const checked = checkRow((c) => {
    const v = request[c];
    return v === undefined ? "" : String(v);
  });
  if ("problems" in checked) throw refuse("StationInvalid", RowRules.problemsParams(checked.tagged));
  const station: StationInsert = checked.station;
  return db.transaction(async (tx) => {
    const twins = await tx
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.city, station.city), eq(stations.title, station.title)));
    const twin = twins.find((r) => r.id !== request.id);
    if (twin !== undefined) throw refuse("StationInvalid", RowRules.problemsParams([RowRules.twinProblem(twin.id, station.city, station.title)]));
    await ensureCities(tx, [station.city]);
    if (request.id === undefined) {
      const [added] = await tx.insert(stations).values(station).returning();
      const after = deskStationOf(added!);
      await audit(tx, "stationAdded", String(after.id), null, after);
      return after;
    }
    const [old] = await tx.select().from(stations).where(eq(stations.id, request.id)).for("update");
    if (old === undefined) throw refuse("StationNotFound");
    const [changed] = await tx.update(stations).set(station).where(eq(stations.id, request.id)).returning();
    const after = deskStationOf(changed!);
    await audit(tx, "stationChanged", String(after.id), deskStationOf(old), after);
    return after;
  });
};

/** The CLI's import, all or nothing; the audit row names the counts and the file's size, not its text. */
export const importDeskStations = async (db: Database, csv: string, audit: AuditStations): Promise<{ added: number; updated: number }> => {
  const result = await importStationsCsv(db, csv, (tx, counts) => audit(tx, "stationsImported", "stations", null, { ...counts, bytes: csv.length }));
  if (!result.ok) throw refuse("StationsImportRefused", RowRules.problemsParams(result.problems));
  return { added: result.added, updated: result.updated };
};

