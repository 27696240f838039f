import type { DeskCodeEntry, DeskLookupResponse, DeskRedeemResponse } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { typedCode } from "./typedCode.ts";

/** A code as it reached the desk: its text (blanks removed) and whether it was typed or scanned. */
export interface EnteredCode {
  readonly code: string;
  readonly entry: DeskCodeEntry;
}

/** The order behind a looked-up code, with the code it was found by (redeem sends that code). */
export interface FoundCode extends EnteredCode {
  readonly order: DeskLookupResponse;
}

/**
 * Where the cashier stands with one code. A redeem that failed keeps the order on screen: a
 * network failure (`Unsent`: nothing reached the server), an answer that never came (`Unknown`:
 * it may have been redeemed, so the screen asks for a new look-up rather than a blind retry), or
 * the server's refusal (`Refused`: used meanwhile, expired...). `Redeemed` holds the order as the
 * server now has it: used, when and by whom.
 */
export type RedeemStep =
  | { readonly _tag: "Typing" }
  | ({ readonly _tag: "LookingUp" } & EnteredCode)
  | ({ readonly _tag: "LookupFailed"; readonly problem: Problem } & EnteredCode)
  | ({ readonly _tag: "Found" } & FoundCode)
  | ({ readonly _tag: "Redeeming" } & FoundCode)
  | ({ readonly _tag: "Redeemed" } & FoundCode)
  | ({ readonly _tag: "Unsent"; readonly problem: Problem } & FoundCode)
  | ({ readonly _tag: "Unknown"; readonly problem: Problem } & FoundCode)
  | ({ readonly _tag: "Refused"; readonly problem: Problem } & FoundCode);

/** The looked-up order after the server's redeem answer: used, by whom and when, nothing left to redeem. */
const afterRedeem = (order: DeskLookupResponse, redeemed: DeskRedeemResponse): DeskLookupResponse => ({
  ...order,
  order_status: redeemed.order_status,
  redeemed_at: redeemed.redeemed_at,
  redeemed_by: redeemed.redeemed_by,
  may_redeem: false,
  refusal: null,
});

/**
 * The cashier's redeem screen (issues 26, 34): the code as typed or scanned, its look-up (what to
 * pump, what was paid, and whether this cashier may redeem it: the server's rule) and its
 * redemption, which only the server's success turns into 'Redeemed'. The server reads the code
 * (any case, spaces and dashes ignored) and words an unknown typed code apart from a scanned one,
 * so each look-up says which it was.
 */
export class RedeemStore {
  /** The field's text as typed (blanks kept: the field shows what was typed). */
  input = "";
  /** Why the field's text cannot be looked up, before any call. */
  inputProblem: Problem | undefined = undefined;
  step: RedeemStep = { _tag: "Typing" };

  constructor(private readonly ports: DeskPorts) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** A look-up or a redeem is in flight: the buttons wait for its answer (no double submit). */
  get busy(): boolean {
    return this.step._tag === "LookingUp" || this.step._tag === "Redeeming";
  }

  /** The order on screen, whatever happened to its redeem since. */
  get found(): FoundCode | undefined {
    const step = this.step;
    return "order" in step ? { code: step.code, entry: step.entry, order: step.order } : undefined;
  }

  setInput(text: string): void {
    this.input = text;
    this.inputProblem = undefined;
    // Another code is being typed: what was shown belonged to the previous one.
    if (!this.busy && this.step._tag !== "Typing" && typedCode(text) !== this.shownCode) this.step = { _tag: "Typing" };
  }

  /** The typed field's code looked up. */
  lookUpTyped(): Promise<void> {
    return this.lookUp(this.input, "typed");
  }

  /** A code read by the camera: shown in the field as read, then looked up. */
  scanned(text: string): Promise<void> {
    this.input = text;
    this.inputProblem = undefined;
    return this.lookUp(text, "scanned");
  }

  async lookUp(text: string, entry: DeskCodeEntry = "typed"): Promise<void> {
    if (this.busy) return;
    const code = typedCode(text);
    if (code === "") {
      this.inputProblem = deskProblem("desk.cashier.codeRequired");
      return;
    }
    this.inputProblem = undefined;
    this.step = { _tag: "LookingUp", code, entry };
    const answer = await run(this.ports.api.call("deskLookup", { code, entry }));
    runInAction(() => {
      this.step = answer.ok ? { _tag: "Found", code, entry, order: answer.value } : { _tag: "LookupFailed", code, entry, problem: answer.error };
    });
  }

  /** A failed look-up asked again, as it was entered. */
  retry(): Promise<void> {
    const step = this.step;
    return step._tag === "LookupFailed" ? this.lookUp(step.code, step.entry) : Promise.resolve();
  }

  /** Marks the shown order's code used; a second tap while the first is sent does nothing. */
  async redeem(): Promise<void> {
    const step = this.step;
    if (step._tag !== "Found" && step._tag !== "Unsent") return;
    if (!step.order.may_redeem) return;
    const shown: FoundCode = { code: step.code, entry: step.entry, order: step.order };
    this.step = { _tag: "Redeeming", ...shown };
    const answer = await run(this.ports.api.call("deskRedeem", { code: shown.code, entry: shown.entry }));
    runInAction(() => {
      if (answer.ok) {
        this.step = { _tag: "Redeemed", ...shown, order: afterRedeem(shown.order, answer.value) };
        return;
      }
      const problem = answer.error;
      if (problem._tag === "Offline") this.step = { _tag: "Unsent", problem, ...shown };
      else if (problem._tag === "TimedOut" || problem._tag === "ServerFailed" || problem._tag === "BadAnswer") this.step = { _tag: "Unknown", problem, ...shown };
      else this.step = { _tag: "Refused", problem, ...shown };
    });
  }

  /** After an answer that never came: the server says again what the code's state is. */
  checkAgain(): Promise<void> {
    const found = this.found;
    return found === undefined ? Promise.resolve() : this.lookUp(found.code, found.entry);
  }

  /** The next customer: an empty field and nothing shown. */
  next(): void {
    if (this.busy) return;
    this.input = "";
    this.inputProblem = undefined;
    this.step = { _tag: "Typing" };
  }

  private get shownCode(): string | undefined {
    const step = this.step;
    return "code" in step ? step.code : undefined;
  }
}
