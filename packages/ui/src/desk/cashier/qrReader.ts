/**
 * Reading a QR code from the camera's picture: the browser's own `BarcodeDetector` where it has
 * one (Chrome on Android, macOS and ChromeOS), else jsQR, a small pure-JavaScript decoder (no
 * dependencies, its own ~46 KB gzip chunk) fetched only here, when a cashier opens the camera in
 * a browser without a detector (Safari, Chromium on Linux and Windows). The screen never loads
 * either for a cashier who types the code.
 */

/** The part of the (not yet typed by TypeScript's DOM library) Barcode Detection API used here. */
interface DetectedBarcode {
  readonly rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<ReadonlyArray<DetectedBarcode>>;
}
type BarcodeDetectorConstructor = new (options: { readonly formats: ReadonlyArray<string> }) => BarcodeDetectorLike;

/** One look at the picture: the code's text, or undefined when no QR code is readable in it. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The widest picture jsQR is given: a phone's 1080p frame scaled down reads as well, ten times faster. */
const DECODE_MAX_PX = 640;

const nativeDetector = (): BarcodeDetectorConstructor | undefined => {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof candidate === "function" ? candidate : undefined;
};

const withNativeDetector = (Detector: BarcodeDetectorConstructor): QrReader => {
  const detector = new Detector({ formats: ["qr_code"] });
  return async (video) => {
    const found = await detector.detect(video);
    return found.find((code) => code.rawValue !== "")?.rawValue;
  };
};

const withJsQr = async (): Promise<QrReader> => {
  const decode = (await import("jsqr")).default;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (context === null || video.videoWidth === 0) return undefined;
    const scale = Math.min(1, DECODE_MAX_PX / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.floor(video.videoWidth * scale);
    canvas.height = Math.floor(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const picture = context.getImageData(0, 0, canvas.width, canvas.height);
    // A code shown on a phone is dark on light: inverted pictures are not tried (twice the work).
    return decode(picture.data, picture.width, picture.height, { inversionAttempts: "dontInvert" })?.data || undefined;
  };
};

/**
 * The reader this browser offers. A `BarcodeDetector` that exists but does not know QR codes (or
 * cannot be made) falls back to jsQR.
 */
export const openQrReader = async (): Promise<QrReader> => {
  const Detector = nativeDetector();
  if (Detector !== undefined) {
    try {
      const formats = await (Detector as unknown as { getSupportedFormats?: () => Promise<ReadonlyArray<string>> }).getSupportedFormats?.();
      if (formats === undefined || formats.includes("qr_code")) return withNativeDetector(Detector);
    } catch {
      // The detector is there but unusable here: the decoder below reads the same picture.
    }
  }
  return withJsQr();
};
