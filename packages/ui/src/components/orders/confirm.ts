import type { DialogConfirmProps } from "antd-mobile/es/components/dialog";
import type * as DialogExports from "antd-mobile/es/components/dialog";

type DialogModule = typeof DialogExports;

let fetching: Promise<DialogModule> | undefined;

/**
 * antd-mobile's Dialog (with its mask, popup and react-spring: ~25 KB gzip) is fetched when first
 * needed rather than with the order pages (issue 23: on weak 4G every KB before the QR costs
 * 20 ms). A page warms it once its first screen is there, so a tap rarely waits for it.
 */
export const loadConfirmDialog = (): Promise<DialogModule> => {
  fetching ??= import("antd-mobile/es/components/dialog").catch((error: unknown) => {
    fetching = undefined;
    throw error;
  });
  return fetching;
};

/** `Dialog.confirm`, the dialog's code fetched first if it is not here yet. */
export const confirmDialog = async (props: DialogConfirmProps): Promise<boolean> => (await loadConfirmDialog()).default.confirm(props);
