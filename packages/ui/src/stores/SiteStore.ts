import type { AppPorts } from "@fuel/adapters/ports";
import type { WebInfo } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import { failing, idle, loaded, reloading, type Load } from "./Load.ts";
import { run } from "./run.ts";

/**
 * The site settings (spec §3 web info: the service phones, the prices, the recharge tips), read
 * once and shared by every page that shows them (/contact, /activated, the recharge pages).
 */
export class SiteStore {
  info: Load<WebInfo> = idle;

  constructor(
    private readonly ports: Pick<AppPorts, "site">,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /**
   * Loads the settings unless they are loaded or on their way: every page calls this on mount and
   * only the first call (or the first after a failure, the retry) reaches the server.
   */
  async load(): Promise<void> {
    if (this.info._tag === "Loaded" || this.info._tag === "Loading") return;
    this.info = reloading(this.info);
    const answer = await run(this.ports.site.webInfo());
    runInAction(() => {
      this.info = answer.ok ? loaded(answer.value) : failing(this.info, answer.error);
    });
  }
}
