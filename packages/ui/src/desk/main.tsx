import { createDeskClient } from "@fuel/adapters/http";
import type { SessionEnded } from "@fuel/adapters/ports";
import { WebKeyValueStore } from "@fuel/adapters/storage";
import "antd-mobile/es/global";
import { createRoot } from "react-dom/client";
import { NoticeStore } from "../stores/NoticeStore.ts";
import { DeskApp } from "./DeskApp.tsx";
import { DeskI18n } from "./i18n/DeskI18n.ts";
import { DeskSession } from "./stores/DeskSession.ts";
import "../styles.css";
import "./desk.css";

/**
 * The staff desk's composition root (issue 26): its API client over the staff session's cookie
 * (never a customer token), the language, notices and the session. Every screen's store is made
 * from these when the screen opens.
 */

// Reading `localStorage` throws where storage is blocked: the store then keeps the language in memory.
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
})();
const preferences = new WebKeyValueStore(storage);

const i18n = new DeskI18n(preferences, navigator.languages);
const notices = new NoticeStore();
// The client tells the session of a 401; the session is made from the client's ports: tied after both exist.
const sessionEnded: { notify: (error: SessionEnded) => void } = { notify: () => undefined };
const api = createDeskClient({ onSessionEnded: (error) => sessionEnded.notify(error) });
const ports = { api, now: () => Date.now() };
const session = new DeskSession(ports, i18n, notices);
sessionEnded.notify = session.ended;

const root = document.getElementById("root");
if (root !== null) createRoot(root).render(<DeskApp stores={{ ports, i18n, notices, session }} />);
