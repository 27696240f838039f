import type { AppPorts } from "@fuel/adapters/ports";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { problem, type Problem } from "../messages.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";

/**
 * What /paycallback shows (issue 22). The link's `check_code` is never drawn: anyone can write one
 * into a URL. The code shown is the one the server answers for the signed-in customer's order
 * named by `out_trade_no` (`kepai/getqrcode`, which answers the same 404 for someone else's order
 * and for an unknown one).
 */
export type PayCallbackView =
  | { readonly _tag: "Idle" }
  /** The link names no order: nothing to ask the server about. */
  | { readonly _tag: "NoOrder" }
  | { readonly _tag: "Checking" }
  /** The server's live code for the customer's order. */
  | { readonly _tag: "Confirmed"; readonly code: string; readonly orderNumber: string }
  /** The server answered, and gives no code: not the customer's order, unpaid yet, used, expired... */
  | { readonly _tag: "Refused"; readonly error: Problem }
  /** No answer (network, timeout, a 5xx after the client's retry): asking again may work. */
  | { readonly _tag: "Failed"; readonly error: Problem };

/** Refusals that mean 'this is no order of yours' (one answer for unknown and someone else's, on purpose). */
const NOT_YOURS = new Set(["OrderNotFound"]);

export class PayCallbackStore {
  view: PayCallbackView = { _tag: "Idle" };
  #asked: string | undefined = undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "orders">,
    private readonly i18n: I18nStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Asks the server for the code of the customer's order `orderNumber` (from the link's `out_trade_no`). */
  async check(orderNumber: string): Promise<void> {
    const asked = orderNumber.trim();
    this.#asked = asked;
    if (asked === "") {
      this.view = { _tag: "NoOrder" };
      return;
    }
    this.view = { _tag: "Checking" };
    const answer = await run(this.ports.orders.qrCode(asked));
    runInAction(() => {
      // A later check (the link changed) owns the screen.
      if (this.#asked !== asked) return;
      if (answer.ok) {
        this.view = { _tag: "Confirmed", code: answer.value.qrcode, orderNumber: asked };
        return;
      }
      const error = answer.error;
      if (error._tag === "ServerRefused") {
        const notYours = NOT_YOURS.has(error.tag ?? "") || error.status === 404;
        this.view = { _tag: "Refused", error: notYours ? problem("order.codeNotConfirmed") : error };
        return;
      }
      // SessionEnded / NotActivated: the client's hooks already move to /login or /activated.
      this.view = { _tag: "Failed", error };
    });
  }

  /** Asks again after a failure (the retry button). */
  retry(): Promise<void> {
    return this.check(this.#asked ?? "");
  }
}

export const payCallbackStore = storeKind((root) => new PayCallbackStore(root.ports, root.i18n));
