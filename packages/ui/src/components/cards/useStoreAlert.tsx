import { useEffect } from "react";

/**
 * Shows a store's alert (spec §5: 'select a station first', the official account's refusals) as an
 * antd-mobile `Dialog.alert`, once per alert, and tells the store when the customer closed it.
 * The dialog's code (with its animation library) is fetched when the first alert shows, not with
 * the page: most visits never see one.
 */
export const useStoreAlert = (alert: { readonly id: number; readonly text: string } | undefined, dismiss: () => void, confirmText: string): void => {
  const id = alert?.id;
  const text = alert?.text;
  useEffect(() => {
    if (id === undefined || text === undefined) return;
    void import("antd-mobile/es/components/dialog").then(({ default: Dialog }) => Dialog.alert({ content: <p className="cards-alert">{text}</p>, confirmText })).then(dismiss);
    // One dialog per alert (its id), not per render.
  }, [id]);
};
