import type { QRCodeToStringOptions } from "qrcode";
import type * as QrExports from "qrcode";

type QrLibrary = typeof QrExports;

/** Black on white, error correction M, the standard's 4-module quiet zone. */
const OPTIONS: QRCodeToStringOptions = { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } };

let library: QrLibrary | undefined;
let fetching: Promise<QrLibrary> | undefined;

/**
 * Starts fetching `qrcode`'s chunk, once, and keeps the promise (DESIGN §7: the library stays out of
 * the first chunk). A detail calls it as soon as it knows a code will show, so the chunk downloads
 * while `kepai/getqrcode` is asked for rather than after it (issue 23). A failed fetch is forgotten
 * so the next draw tries again.
 */
export const loadQrLibrary = (): Promise<QrLibrary> => {
  fetching ??= import("qrcode").then(
    (loaded) => (library = loaded),
    (error: unknown) => {
      fetching = undefined;
      throw error;
    },
  );
  return fetching;
};

const svgDataUrl = (qr: QrLibrary, text: string): string => {
  let svg = "";
  // With a callback qrcode draws synchronously (lib/browser.js): no promise, no extra frame.
  qr.toString(text, OPTIONS, (error, drawn) => {
    if (error) throw error;
    svg = drawn;
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};

/** The code as an SVG data URL when the library is already here (drawn in the same render), else undefined. */
export const drawnQrNow = (text: string): string | undefined => (library === undefined ? undefined : svgDataUrl(library, text));

/** The code as an SVG data URL, fetching the library first if needed. */
export const drawQr = async (text: string): Promise<string> => svgDataUrl(await loadQrLibrary(), text);
