import { makeAutoObservable } from "mobx";

/** One message for the customer: a toast on screen and the same text in the live region. */
export interface Notice {
  readonly id: number;
  readonly text: string;
  readonly kind: "info" | "success" | "fail";
}

/**
 * Messages the stores raise (a refusal, "failed to get location", "network unavailable"). The
 * shell shows each as an antd-mobile Toast and reads it out through a live region; stores do not
 * know about either.
 */
export class NoticeStore {
  latest: Notice | undefined = undefined;
  #next = 0;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  show(text: string, kind: Notice["kind"] = "info"): void {
    this.latest = { id: ++this.#next, text, kind };
  }
}
