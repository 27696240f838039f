import { makeAutoObservable } from "mobx";

/**
 * Where a store wants the customer to go next (after sign-in, at logout, when the session ends).
 * Stores do not hold the router: they name a path, and the shell's <FollowNavigation> performs
 * it with the router (src/router), without a full page load.
 */
export class NavigationStore {
  pending: { readonly to: string; readonly replace: boolean; readonly id: number } | undefined = undefined;
  /**
   * The address on screen (path and query), as the shell last reported it: what a store names
   * when the customer is to come back here later (an ended session, issue 25).
   */
  current: string | undefined = undefined;
  #next = 0;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  go(to: string, options: { readonly replace?: boolean } = {}): void {
    this.pending = { to, replace: options.replace ?? false, id: ++this.#next };
  }

  /** The shell shows `address` now. */
  at(address: string): void {
    this.current = address;
  }

  /** The shell has navigated: forget the request so it is not performed twice. */
  done(id: number): void {
    if (this.pending?.id === id) this.pending = undefined;
  }
}
