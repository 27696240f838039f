import type { DeskKey } from "../i18n/deskCatalogue.ts";

/**
 * The back camera's picture for the code scanner. `navigator.mediaDevices` is missing on a page
 * that is not https (or localhost) and in browsers without a camera API: that is 'no camera', as
 * is a device without one.
 */
export const startCamera = async (): Promise<MediaStream> => {
  const devices = (navigator as { mediaDevices?: MediaDevices }).mediaDevices;
  if (devices?.getUserMedia === undefined) throw new DOMException("no camera API", "NotFoundError");
  return devices.getUserMedia({ audio: false, video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } } });
};

/** Turns the camera off (its light too): every track of the stream stopped. */
export const stopCamera = (stream: MediaStream | undefined): void => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** What the cashier reads when the camera cannot be had: refused, none, or it failed to start. */
export const cameraProblemKey = (error: unknown): DeskKey => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "desk.cashier.cameraRefused";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError" || name === "TypeError") return "desk.cashier.noCamera";
  return "desk.cashier.cameraFailed";
};
