import { Api } from "@fuel/domain/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordAct } from "../desk/audit.ts";
import type { DeskActor, RecordAct } from "../desk/acts/actor.ts";
import { lookUpCode } from "../desk/acts/lookup.ts";
import { settlementQueue } from "../desk/acts/queue.ts";
import { redeemAtDesk } from "../desk/acts/redeem.ts";
import { settleAtDesk } from "../desk/acts/settle.ts";
import { requireStaff } from "../desk/session.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import { refuse } from "../refusals/Refusal.ts";

/**
 * What staff do at the desk (issue 26): the cashier looks a code up and redeems it, the card
 * distributor reads the queue and settles. In every mode: in production these are the cashier
 * and the distributor (CASHIER_PROVIDER / DISTRIBUTOR_PROVIDER=desk). Each route's preHandler
 * checks the session and the role's action (src/desk/session.ts) before anything is read.
 */
export const deskActsRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  const channels = app.deps.providers.payments.channels;

  /** The signed-in staff member requireStaff put on the request. */
  const actorOf = (request: FastifyRequest): DeskActor => {
    if (request.staff === undefined) throw refuse("StaffSignInRequired");
    return request.staff;
  };

  /** The audit recorder of this request: who, from where, at the request's instant. */
  const recorderOf = (request: FastifyRequest, actor: DeskActor, now: number): RecordAct => (tx, act) =>
    recordAct(tx, { at: new Date(now), staff: { id: actor.id, name: actor.name }, address: request.ip, ...act });

  registerEndpoint(app, Api.deskLookup, ({ code, entry }, ctx) => lookUpCode(db, code, ctx.now, actorOf(ctx.request), entry), {
    preHandler: requireStaff("lookup"),
  });

  registerEndpoint(
    app,
    Api.deskRedeem,
    async ({ code, entry }, ctx) => {
      const actor = actorOf(ctx.request);
      return ok(await redeemAtDesk(db, code, ctx.now, actor, recorderOf(ctx.request, actor, ctx.now), entry), "redeemed");
    },
    { preHandler: requireStaff("redeem") },
  );

  registerEndpoint(app, Api.deskQueue, () => settlementQueue(db), { preHandler: requireStaff("readQueue") });

  registerEndpoint(
    app,
    Api.deskSettle,
    async ({ order_id, result, reason }, ctx) => {
      const actor = actorOf(ctx.request);
      const settled = await settleAtDesk({ db, channels, log: ctx.request.log }, order_id, result, reason, ctx.now, recorderOf(ctx.request, actor, ctx.now));
      return ok(settled, result === "done" ? "recharge done" : "recharge rejected");
    },
    { preHandler: requireStaff("settle") },
  );
};
