import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok } from "../http/envelope.ts";
import { idempotencyKeyOf, idempotent } from "../http/idempotency.ts";
import { phoneOf } from "../identity/input.ts";
import { cardsOfPhone, cardsOfTeam, customerCardList, lookUpCards } from "../recharge/cards.ts";
import { createCardPurchase } from "../recharge/buyCard.ts";
import { createRecharge } from "../recharge/createRecharge.ts";
import { settleRecharge } from "../recharge/settleRecharge.ts";

/**
 * Fuel-card recharge (spec §2 /recharge*, /heartcard, §7; issues 4, 13): the customer's cards, card
 * look-ups, recharge orders and the purchase of new virtual cards.
 */
export const rechargeRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const channels = app.deps.providers.payments.channels;

  registerEndpoint(app, Api.rechargeCardList, (_input, ctx) => customerCardList(db, ctx.user().userId));

  // Others' cards come back masked, and look-ups are rate limited (../recharge/cards.ts lookUpCards).
  registerEndpoint(app, Api.rechargeCardsByPhone, ({ phone }, ctx) => {
    const wanted = phoneOf(phone);
    return lookUpCards(db, ctx.user().userId, ctx.now, () => cardsOfPhone(db, wanted));
  });

  registerEndpoint(app, Api.rechargeCardsByTeam, ({ team }, ctx) =>
    lookUpCards(db, ctx.user().userId, ctx.now, (viewerPhone) => cardsOfTeam(db, team.trim(), viewerPhone)),
  );

  registerEndpoint(app, Api.rechargeOrderCreate, (draft, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.rechargeOrderCreate.path, body: draft, now: () => clock.now() },
      () => createRecharge({ db, channels, catalogue: app.deps.catalogue }, ctx.user().userId, ctx.user().oauthId, draft, ctx.now),
    ),
  );

  // Buying a new virtual card (issue 13, /heartcard): a recharge order whose settlement issues the card.
  registerEndpoint(app, Api.cardPurchaseCreate, (request, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.cardPurchaseCreate.path, body: request, now: () => clock.now() },
      () => createCardPurchase({ db, channels, catalogue: app.deps.catalogue }, ctx.user().userId, ctx.user().oauthId, request, ctx.now),
    ),
  );
};

/** The card distributor settling a recharge, played by the sandbox (DESIGN.md §4); sandbox mode only. */
export const rechargeSandboxRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  const channels = app.deps.providers.payments.channels;

  registerEndpoint(app, Api.sandboxRechargeSettle, async ({ order_id, result, reason }, ctx) =>
    ok(await settleRecharge({ db, channels, log: ctx.request.log }, order_id, result, reason, ctx.now), result === "done" ? "recharge done" : "recharge rejected"),
  );
};
