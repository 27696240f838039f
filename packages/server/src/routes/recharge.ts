import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { idempotencyKeyOf, idempotent } from "../http/idempotency.ts";
import { phoneOf } from "../identity/input.ts";
import { cardsOfPhone, cardsOfTeam, cardToInfo, customerCardList } from "../recharge/cards.ts";
import { createRecharge } from "../recharge/createRecharge.ts";

/** Fuel-card recharge (spec §2 /recharge*, §7; issue 4): the customer's cards, card look-ups, recharge orders. */
export const rechargeRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const channels = app.deps.providers.payments.channels;

  registerEndpoint(app, Api.rechargeCardList, (_input, ctx) => customerCardList(db, ctx.user().userId));

  registerEndpoint(app, Api.rechargeCardsByPhone, async ({ phone }) => (await cardsOfPhone(db, phoneOf(phone))).map(cardToInfo));

  registerEndpoint(app, Api.rechargeCardsByTeam, async ({ team }) => (await cardsOfTeam(db, team.trim())).map(cardToInfo));

  registerEndpoint(app, Api.rechargeOrderCreate, (draft, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.rechargeOrderCreate.path, body: draft, now: () => clock.now() },
      () => createRecharge({ db, channels, catalogue: app.deps.catalogue }, ctx.user().userId, ctx.user().oauthId, draft, ctx.now),
    ),
  );
};
