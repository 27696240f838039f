import { StationsCsv, TextFile } from "@fuel/domain";
import { DESK_STATIONS_CSV_MAX_LENGTH } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { fitsInBody, readChosen, type ChosenFile } from "./chosenFile.ts";
import { refusalProblems, type RefusalProblem } from "./refusalProblems.ts";

/** A CSV file read and ready to send: its name, its text, the encoding it was read in, and how many stations it holds. */
export interface CsvFile {
  readonly name: string;
  readonly csv: string;
  readonly encoding: TextFile.Encoding;
  /** Its records after the header (StationsCsv.stationCount): what the confirmation names, not its lines. */
  readonly stations: number;
}

// UTF-8 and GB18030 spend at most 4 bytes on a character: a file larger than this cannot fit in the character limit.
const MOST_BYTES = DESK_STATIONS_CSV_MAX_LENGTH * 4;

/**
 * The CSV import at the desk: the admin chooses a file, its bytes are read as text by the domain's
 * TextFile rule (UTF-8, or GBK/GB18030 as a Chinese Excel saves CSV; anything else is refused here,
 * before it is sent, saying what to do), the admin sees how many stations it holds, confirms, and
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

  async choose(chosen: ChosenFile<Uint8Array>): Promise<void> {
    this.file = undefined;
    this.problem = undefined;
    const tooLarge = deskProblem("desk.places.importTooLarge", { name: chosen.name, max: DESK_STATIONS_CSV_MAX_LENGTH.toLocaleString("en") });
    if (chosen.size > MOST_BYTES) return this.refuse(tooLarge);
    const bytes = await readChosen(chosen);
    if (bytes === undefined) return this.refuse(deskProblem("desk.places.fileUnreadable", { name: chosen.name }));
    const decoded = TextFile.decode(bytes);
    // Worded when shown, in the admin's language: the domain's text names the line and what to do.
    if (Result.isFailure(decoded)) return this.refuse({ _tag: decoded.failure._tag, params: { line: decoded.failure.line } });
    const { text: csv, encoding } = decoded.success;
    if (csv.trim() === "") return this.refuse(deskProblem("desk.places.importEmpty", { name: chosen.name }));
    if (csv.length > DESK_STATIONS_CSV_MAX_LENGTH || !fitsInBody({ csv })) return this.refuse(tooLarge);
    const stations = StationsCsv.stationCount(csv);
    if (stations === 0) return this.refuse(deskProblem("desk.places.importNoStations", { name: chosen.name }));
    runInAction(() => {
      this.file = { name: chosen.name, csv, encoding, stations };
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
