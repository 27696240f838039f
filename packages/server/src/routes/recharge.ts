import { Api } from "@fuel/domain/api";
import { Cause, Exit, Option, Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { ok, orderCreated } from "../http/envelope.ts";
import { idempotencyKeyOf, idempotent, storeFailedLogger } from "../http/idempotency.ts";
import { describeIssue } from "../http/issues.ts";
import { refusalAnswer } from "../http/refusalAnswers.ts";
import { phoneOf } from "../identity/input.ts";
import { sameOriginRedirect } from "../identity/sandbox/consentPage.ts";
import { Refusal } from "../refusals/Refusal.ts";
import { cardsOfPhone, cardsOfTeam, customerCardList, lookUpCards } from "../recharge/cards.ts";
import { createCardPurchase } from "../recharge/buyCard.ts";
import { cardRefKey, cardRefsWith } from "../recharge/cardRefs.ts";
import { createRecharge } from "../recharge/createRecharge.ts";
import { settleRecharge } from "../recharge/settleRecharge.ts";
import { distributorPage, DISTRIBUTOR_PATH, type DistributorPageInput, type PageNotice } from "../recharge/sandbox/distributorPage.ts";
import { rechargeStatus, waitingOrders } from "../recharge/waitingOrders.ts";

/**
 * Fuel-card recharge (spec §2 /recharge*, /heartcard, §7; issues 4, 13): the customer's cards, card
 * look-ups, recharge orders and the purchase of new virtual cards.
 */
export const rechargeRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const channels = app.deps.providers.payments.channels;
  const refs = cardRefsWith(cardRefKey(app.deps.config));

  registerEndpoint(app, Api.rechargeCardList, (_input, ctx) => customerCardList(db, refs, ctx.user().userId));

  // Others' cards come back masked, and look-ups are rate limited (../recharge/cards.ts lookUpCards).
  registerEndpoint(app, Api.rechargeCardsByPhone, ({ phone }, ctx) => {
    const wanted = phoneOf(phone);
    return lookUpCards(db, refs, ctx.user().userId, ctx.now, () => cardsOfPhone(db, wanted));
  });

  registerEndpoint(app, Api.rechargeCardsByTeam, ({ team }, ctx) =>
    lookUpCards(db, refs, ctx.user().userId, ctx.now, (viewerPhone) => cardsOfTeam(db, team.trim(), viewerPhone)),
  );

  registerEndpoint(app, Api.rechargeOrderCreate, (draft, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.rechargeOrderCreate.path, body: draft, now: () => clock.now(), onStoreFailed: storeFailedLogger(ctx.request) },
      async () => orderCreated(await createRecharge({ db, channels, catalogue: app.deps.catalogue, refs }, ctx.user().userId, ctx.user().oauthId, draft, ctx.now)),
    ),
  );

  // Buying a new virtual card (issue 13, /heartcard): a recharge order whose settlement issues the card.
  registerEndpoint(app, Api.cardPurchaseCreate, (request, ctx) =>
    idempotent(
      db,
      { key: idempotencyKeyOf(ctx.request), userId: ctx.user().userId, scope: Api.cardPurchaseCreate.path, body: request, now: () => clock.now(), onStoreFailed: storeFailedLogger(ctx.request) },
      async () => orderCreated(await createCardPurchase({ db, channels, catalogue: app.deps.catalogue }, ctx.user().userId, ctx.user().oauthId, request, ctx.now)),
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

  distributorPageRoutes(app);
};

/** A single string parameter of a query or form (repeated or absent: undefined). */
/**
 * A sandbox whose distributor is the staff desk (DISTRIBUTOR_PROVIDER=desk, rehearsing
 * production): the app's 'settle in the sandbox' link still opens, and lands on the desk's queue,
 * where a distributor settles it as in production, instead of a 404.
 */
export const deskDistributorRedirect = (app: FastifyInstance): void => {
  app.get(DISTRIBUTOR_PATH, (_request, reply) => reply.header("cache-control", "no-store").redirect("/desk/queue", 303));
};

const param = (source: unknown, name: string): string | undefined => {
  const value = typeof source === "object" && source !== null ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : undefined;
};

/** `?order_id=` / `?settled=`: an order id (a positive 32-bit integer), else undefined. */
const orderIdOf = (raw: string | undefined): number | undefined => {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
};

const BACK_REFUSED = "The back address must be a path or address on this server: refused.";

/**
 * The `back` address, resolved against our own origin; refused (`"refused"`) unless it stays on
 * it, or the page would be an open redirect. Absent or empty: undefined (back to the list).
 */
const backOf = (request: FastifyRequest, raw: string | undefined): string | "refused" | undefined => {
  if (raw === undefined || raw === "") return undefined;
  const target = sameOriginRedirect(raw, `${request.protocol}://${request.host}`);
  // Same origin by construction: a relative Location keeps it that way behind any proxy.
  return target === undefined ? "refused" : `${target.pathname}${target.search}${target.hash}`;
};

const sendPage = (reply: FastifyReply, status: number, input: DistributorPageInput): FastifyReply =>
  reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(distributorPage(input));

/** The line the list shows after a settlement sent the distributor back to it. */
const settledNotice = (orderId: number, status: number | undefined): PageNotice | undefined => {
  if (status === 3) return { kind: "done", text: `Order ${orderId} is done: the card is topped up (a card purchase has its new card).` };
  if (status === 6) return { kind: "done", text: `Order ${orderId} is rejected: the customer is refunded and reads your reason.` };
  return undefined;
};

const decodeSettle = Schema.decodeUnknownExit(Api.sandboxRechargeSettle.request);

/**
 * The sandbox distributor's page (../recharge/sandbox/distributorPage.ts): `GET` lists the orders
 * waiting to be settled (`?order_id=` that one only; `?back=` a same-origin address the forms
 * return to); its forms `POST` to the same path and settle through `settleRecharge`, as
 * `POST /api/sandbox/recharge/settle` does, then redirect (303) to `back` or to the list. A
 * refusal (a rejection without a reason, an order no longer waiting, a foreign `back`) is the
 * page again with the refusal in words, and nothing changed.
 */
const distributorPageRoutes = (app: FastifyInstance): void => {
  const { db, clock } = app.deps;
  const channels = app.deps.providers.payments.channels;

  app.get(DISTRIBUTOR_PATH, async (request, reply) => {
    const back = backOf(request, param(request.query, "back"));
    const rawOrderId = param(request.query, "order_id");
    const onlyOrderId = orderIdOf(rawOrderId);
    const settled = orderIdOf(param(request.query, "settled"));
    const refusal =
      back === "refused" ? BACK_REFUSED : rawOrderId !== undefined && onlyOrderId === undefined ? "order_id must be a whole number above 0." : undefined;
    const notice: PageNotice | undefined =
      refusal !== undefined ? { kind: "error", text: refusal } : settled === undefined ? undefined : settledNotice(settled, await rechargeStatus(db, settled));
    return sendPage(reply, refusal === undefined ? 200 : 400, {
      orders: await waitingOrders(db, onlyOrderId),
      onlyOrderId,
      back: back === "refused" ? undefined : back,
      notice,
    });
  });

  // 'Done' and 'Reject': urlencoded forms, which only this route parses (an encapsulated context),
  // so the JSON API keeps refusing other media types.
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
    });
    scope.post(DISTRIBUTOR_PATH, async (request, reply) => {
      const now = clock.now();
      const back = backOf(request, param(request.body, "back"));
      const refused = async (status: number, text: string, orderId?: number) =>
        sendPage(reply, status, {
          orders: await waitingOrders(db, orderId),
          onlyOrderId: orderId,
          back: back === "refused" ? undefined : back,
          notice: { kind: "error", text },
        });
      // Checked before anything is settled: a refused address changes nothing.
      if (back === "refused") return refused(400, BACK_REFUSED);
      const reason = param(request.body, "reason");
      const decoded = decodeSettle(
        {
          order_id: param(request.body, "order_id"),
          result: param(request.body, "result"),
          // An empty field is no reason: the domain's refusal says so, not the form's schema.
          ...(reason === undefined || reason === "" ? {} : { reason }),
        },
        { errors: "all" },
      );
      if (Exit.isFailure(decoded)) {
        const error = Option.getOrUndefined(Cause.findErrorOption(decoded.cause));
        return refused(400, Schema.isSchemaError(error) ? describeIssue(error.issue).message : "invalid request");
      }
      const { order_id, result } = decoded.value;
      try {
        await settleRecharge({ db, channels, log: request.log }, order_id, result, decoded.value.reason, now);
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        const answer = refusalAnswer(err);
        return refused(answer.status, `Order ${order_id} was not settled: ${answer.message}.`, order_id);
      }
      return reply.header("cache-control", "no-store").redirect(back ?? `${DISTRIBUTOR_PATH}?settled=${order_id}`, 303);
    });
  });
};
