import { Money } from "@fuel/domain";
import { Effect } from "effect";
import type { ApiCaller } from "../ports/Api.ts";
import { PaymentFailed, PaymentUnavailable, type PayError, type PaymentBridge, type PayOutcome, type PayRequest } from "../ports/PaymentBridge.ts";
import { requireOauth } from "./authorize.ts";

/**
 * The sandbox's pay sheet (DESIGN.md §4): a sheet over the page with the amount and three
 * answers; the answer goes to `POST /api/sandbox/pay`, whose channel then notifies the server as a
 * real one would. What the app does next (confirm with `payment/query_result`) is the production path.
 */

export const SANDBOX_SHEET_ID = "fuel-sandbox-pay-sheet";

type Choice = "ok" | "fail" | "cancel";

const CHOICES: ReadonlyArray<{ readonly choice: Choice; readonly label: string }> = [
  { choice: "ok", label: "确认支付 Pay" },
  { choice: "fail", label: "支付失败 Fail" },
  { choice: "cancel", label: "取消 Cancel" },
];

export class SandboxPayBridge implements PaymentBridge {
  constructor(
    private readonly document: Document,
    private readonly api: ApiCaller,
  ) {}

  /** Shows the sheet and resolves with the customer's choice. */
  #ask(amountCents: number): Effect.Effect<Choice> {
    const doc = this.document;
    return Effect.callback<Choice>((resume) => {
      doc.getElementById(SANDBOX_SHEET_ID)?.remove();
      const sheet = doc.createElement("div");
      sheet.id = SANDBOX_SHEET_ID;
      sheet.setAttribute("role", "dialog");
      sheet.setAttribute("aria-label", "sandbox pay sheet");
      sheet.style.cssText =
        "position:fixed;left:0;right:0;bottom:0;z-index:10000;background:#fff;padding:20px 16px calc(20px + env(safe-area-inset-bottom));box-shadow:0 -4px 16px rgba(0,0,0,.2);font:16px system-ui,sans-serif;text-align:center";
      const title = doc.createElement("p");
      title.textContent = "沙箱支付 Sandbox payment";
      const amount = doc.createElement("p");
      amount.style.cssText = "font-size:28px;font-weight:600;margin:8px 0 16px";
      amount.textContent = Money.formatYuan(amountCents);
      sheet.append(title, amount);
      for (const { choice, label } of CHOICES) {
        const button = doc.createElement("button");
        button.type = "button";
        button.dataset["choice"] = choice;
        button.textContent = label;
        button.style.cssText = `display:block;width:100%;margin:8px 0;padding:12px;font-size:16px;border-radius:8px;border:0;${choice === "ok" ? "background:#07c160;color:#fff" : "background:#f2f2f2;color:#333"}`;
        button.addEventListener("click", () => {
          sheet.remove();
          resume(Effect.succeed(choice));
        });
        sheet.append(button);
      }
      doc.body.append(sheet);
      // Interrupted (the page moved on): take the sheet away with it.
      return Effect.sync(() => sheet.remove());
    });
  }

  pay(request: PayRequest): Effect.Effect<PayOutcome, PayError> {
    return requireOauth(request.oauthId).pipe(
      Effect.flatMap(() => this.#ask(request.amountCents)),
      Effect.flatMap((choice) =>
        this.api.call("sandboxPay", { order_id: request.orderId, result: choice }).pipe(
          Effect.mapError((failure) => new PaymentUnavailable({ reason: "server", failure })),
          Effect.flatMap((): Effect.Effect<PayOutcome, PaymentFailed> =>
            choice === "fail" ? Effect.fail(new PaymentFailed({})) : Effect.succeed(choice),
          ),
        ),
      ),
    );
  }
}
