import type { FastifyInstance } from "fastify";
import { benchProbeRoutes } from "./benchProbe.ts";
import { cashierSandboxRoutes } from "./cashier.ts";
import { catalogueRoutes } from "./catalogue.ts";
import { deskRoutes } from "./desk.ts";
import { deskActsRoutes } from "./deskActs.ts";
import { deskInvoicesRoutes } from "./deskInvoices.ts";
import { deskPeopleRoutes } from "./deskPeople.ts";
import { deskPlacesRoutes } from "./deskPlaces.ts";
import { geocodeSandboxRoutes } from "./geocode.ts";
import { identityRoutes, identitySandboxRoutes } from "./identity.ts";
import { invoiceRoutes } from "./invoices.ts";
import { operatorSandboxRoutes } from "./operators.ts";
import { orderRoutes } from "./orders.ts";
import { paymentRoutes, paymentSandboxRoutes } from "./payments.ts";
import { deskDistributorRedirect, rechargeRoutes, rechargeSandboxRoutes } from "./recharge.ts";
import { versionRoutes } from "./version.ts";

/**
 * Every `/api` route. Sandbox routes (DESIGN.md §4) exist only in sandbox mode: in production
 * they are never registered, so they answer 404 like any unknown path.
 */
export const registerRoutes = (app: FastifyInstance): void => {
  versionRoutes(app);
  identityRoutes(app);
  catalogueRoutes(app);
  orderRoutes(app);
  paymentRoutes(app);
  rechargeRoutes(app);
  invoiceRoutes(app);
  // The staff desk (issue 26): in every mode, since it is production's cashier and distributor.
  deskRoutes(app);
  deskActsRoutes(app);
  deskPeopleRoutes(app);
  deskPlacesRoutes(app);
  deskInvoicesRoutes(app);
  if (app.deps.config.mode === "sandbox") {
    identitySandboxRoutes(app);
    operatorSandboxRoutes(app);
    paymentSandboxRoutes(app);
    // A cashier or distributor run through the desk (CASHIER_PROVIDER / DISTRIBUTOR_PROVIDER=desk) has no sandbox stand-in.
    if (app.deps.config.providers.cashier === "sandbox") cashierSandboxRoutes(app);
    if (app.deps.config.providers.distributor === "sandbox") rechargeSandboxRoutes(app);
    else deskDistributorRedirect(app);
    geocodeSandboxRoutes(app);
    // Only with FUEL_BENCH_PROBE=1 (npm run bench:write); never in production mode.
    benchProbeRoutes(app);
  }
};
