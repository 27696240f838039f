import { DESK_STATIONS_CSV_MAX_LENGTH } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { fitsInBody, readChosen, type ChosenFile } from "./chosenFile.ts";
import { refusalProblems, type RefusalProblem } from "./refusalProblems.ts";

/** A CSV file read and ready to send: its name, text and how many lines it has. */
export interface CsvFile {
  readonly name: string;
  readonly csv: string;
  readonly lines: number;
}

// UTF-8 spends at most 4 bytes on a character: a file larger than this cannot fit in the character limit.
const MOST_BYTES = DESK_STATIONS_CSV_MAX_LENGTH * 4;

/** Lines of text, not counting the break after the last one. */
const lineCount = (text: string): number => text.replace(/(\r\n|\n|\r)$/, "").split(/\r\n|\n|\r/).length;

/**
 * The CSV import at the desk: the admin chooses a file, sees how many lines it has, confirms, and
 * the server imports all of it or nothing. A file larger than one request may carry is refused
 * here, before it is sent (a larger catalogue goes through the operators' CLI). A refusal lists
 * the server's problems line by line; a success says how many stations were added and changed.
 */
export class StationsImportStore {
  file: CsvFile | undefined = undefined;
  /** Why the chosen file cannot be sent, or why the import failed. */
  problem: Problem | undefined = undefined;
  busy = false;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
    /** Asked after a successful import: the list reads the stations again. */
    private readonly imported: () => Promise<void>,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The server's problems one by one, when it refused the file. */
  get refusal(): ReadonlyArray<RefusalProblem> | undefined {
    return this.problem === undefined ? undefined : refusalProblems(this.problem, "StationsImportRefused");
  }

  async choose(chosen: ChosenFile): Promise<void> {
    this.file = undefined;
    this.problem = undefined;
    const tooLarge = deskProblem("desk.places.importTooLarge", { name: chosen.name, max: DESK_STATIONS_CSV_MAX_LENGTH.toLocaleString("en") });
    if (chosen.size > MOST_BYTES) return this.refuse(tooLarge);
    const csv = await readChosen(chosen);
    if (csv === undefined) return this.refuse(deskProblem("desk.places.fileUnreadable", { name: chosen.name }));
    if (csv.trim() === "") return this.refuse(deskProblem("desk.places.importEmpty", { name: chosen.name }));
    if (csv.length > DESK_STATIONS_CSV_MAX_LENGTH || !fitsInBody({ csv })) return this.refuse(tooLarge);
    runInAction(() => {
      this.file = { name: chosen.name, csv, lines: lineCount(csv) };
    });
  }

  clear(): void {
    this.file = undefined;
    this.problem = undefined;
  }

  /** Sends the chosen file (the screen has asked the admin to confirm); true when it was imported. */
  async send(): Promise<boolean> {
    const file = this.file;
    if (file === undefined || this.busy) return false;
    this.busy = true;
    this.problem = undefined;
    const answer = await run(this.ports.api.call("deskStationsImport", { csv: file.csv }));
    runInAction(() => {
      this.busy = false;
      if (answer.ok) this.file = undefined;
      else this.problem = answer.error;
    });
    if (!answer.ok) return false;
    this.notices.show(this.i18n.t("desk.places.importDone", answer.value), "success");
    await this.imported();
    return true;
  }

  private refuse(why: Problem): void {
    runInAction(() => {
      this.problem = why;
    });
  }
}
