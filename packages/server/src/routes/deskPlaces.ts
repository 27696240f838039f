import { StationFilter } from "@fuel/domain";
import { Api, type DeskStationsQuery } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { stationsCsvRows } from "../operators/stationsCsv.ts";
import { recordAct } from "../desk/audit.ts";
import { deskOrder } from "../desk/admin/orders.ts";
import { deskOrdersCsvRows, listDeskOrders } from "../desk/admin/orderList.ts";
import { importDeskStations, listDeskStations, saveDeskStation, type AuditStations } from "../desk/admin/places.ts";
import { readDeskSettings, saveDeskSettings } from "../desk/admin/placesSettings.ts";
import { requireStaff } from "../desk/session.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { csvDownload } from "../operators/csvDownload.ts";
import { ok } from "../http/envelope.ts";
import { refuse } from "../refusals/Refusal.ts";

/**
 * The admin's places at the desk (issue 26): stations one by one, or as the CLI's CSV, and the
 * site settings (each change audited), and a read-only look at orders. Each
 * change evicts this process's catalogue cache at once, as the CLI's import through the server
 * does, so customers see it on their next read rather than after the cache's 5 s.
 */
/** The export's query as the domain's station filter (absent parts filter nothing). */
const stationFilterOf = (query: DeskStationsQuery): StationFilter.StationFilter => ({ city: query.city ?? "", open: query.open ?? "any", text: query.q ?? "" });

export const deskPlacesRoutes = (app: FastifyInstance): void => {
  const { db, catalogue } = app.deps;

  /** The audit recorder of this request, bound to the signed-in admin and address. */
  const auditOf =
    (request: FastifyRequest, now: number): AuditStations =>
    (tx, act, subject, before, after) => {
      const actor = request.staff;
      if (actor === undefined) throw refuse("StaffSignInRequired");
      return recordAct(tx, { at: new Date(now), staff: { id: actor.id, name: actor.name }, address: request.ip, act, subject, before, after });
    };

  registerEndpoint(app, Api.deskStations, async () => ({ stations: await listDeskStations(db) }), { preHandler: requireStaff("manageStations") });

  registerEndpoint(
    app,
    Api.deskStationSave,
    async (body, ctx) => {
      const saved = await saveDeskStation(db, body, auditOf(ctx.request, ctx.now));
      catalogue.clear();
      return ok(saved, "station saved");
    },
    { preHandler: requireStaff("manageStations") },
  );

  registerEndpoint(
    app,
    Api.deskStationsImport,
    async ({ csv }, ctx) => {
      const counts = await importDeskStations(db, csv, auditOf(ctx.request, ctx.now));
      catalogue.clear();
      return ok(counts, "stations imported");
    },
    { preHandler: requireStaff("manageStations") },
  );

  registerEndpoint(
    app,
    Api.deskStationsExport,
    async (query, ctx) => {
      // The list's own rule at the server's now: the file holds the stations the screen shows.
      const filter = stationFilterOf(query);
      const rows = await stationsCsvRows(db, (s) =>
        StationFilter.matchesStationFilter({ id: s.id, city: s.city, title: s.title, address: s.address, business_start_time: s.businessStartTime, business_end_time: s.businessEndTime }, filter, ctx.now),
      );
      return csvDownload("stations.csv", rows);
    },
    { preHandler: requireStaff("manageStations") },
  );

  registerEndpoint(app, Api.deskSettings, async () => ({ settings: await readDeskSettings(db) }), { preHandler: requireStaff("manageSettings") });

  registerEndpoint(
    app,
    Api.deskSettingsSave,
    async (change, ctx) => {
      const audit = auditOf(ctx.request, ctx.now);
      const settings = await saveDeskSettings(db, change, (tx, before, after) => audit(tx, "settingChanged", "site_settings", before, after));
      catalogue.clear();
      return ok({ settings }, "settings saved");
    },
    { preHandler: requireStaff("manageSettings") },
  );

  registerEndpoint(app, Api.deskOrders, async (query, ctx) => listDeskOrders(db, query, ctx.now), { preHandler: requireStaff("readOrders") });

  registerEndpoint(
    app,
    Api.deskOrdersExport,
    async ({ lang, ...filter }, ctx) => csvDownload("orders.csv", await deskOrdersCsvRows(db, filter, lang ?? "en", ctx.now)),
    { preHandler: requireStaff("readOrders") },
  );

  registerEndpoint(app, Api.deskOrder, async ({ order_id }, ctx) => deskOrder(db, order_id, ctx.now), { preHandler: requireStaff("readOrders") });
};
