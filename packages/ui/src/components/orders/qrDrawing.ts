import type { QRCodeToStringOptions } from "qrcode";
import type * as QrExports from "qrcode";

type QrLibrary = typeof QrExports;

/** Black on white, error correction M, the standard's 4-module quiet zone. */
const OPTIONS: QRCodeToStringOptions = { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } };

/** The drawing functions over one kept copy of the library, fetched by `load` on first need. */
export const qrDrawing = (load: () => Promise<QrLibrary> = () => import("qrcode")) => {
  let library: QrLibrary | undefined;
  let fetching: Promise<QrLibrary> | undefined;

  /**
   * Starts fetching `qrcode`'s chunk, once, and keeps the promise (DESIGN §7: the library stays out
   * of the first chunk). A detail calls it as soon as it knows a code will show, so the chunk
   * downloads while `kepai/getqrcode` is asked for rather than after it (issue 23). A failed fetch
   * is forgotten so the next draw tries again.
   */
  const loadQrLibrary = (): Promise<QrLibrary> => {
    fetching ??= load().then(
      (loaded) => (library = loaded),
      (error: unknown) => {
        fetching = undefined;
        throw error;
      },
    );
    return fetching;
  };

  return {
    loadQrLibrary,
    /** The code as an SVG data URL when the library is already here (drawn in the same render), else undefined. */
    drawnQrNow: (text: string): string | undefined => (library === undefined ? undefined : svgDataUrl(library, text)),
    /** The code as an SVG data URL, fetching the library first if needed. */
    drawQr: async (text: string): Promise<string> => svgDataUrl(await loadQrLibrary(), text),
  };
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

/** The app's one copy (the detail preloads it; the QR panels draw with it). */
export const { loadQrLibrary, drawnQrNow, drawQr } = qrDrawing();
