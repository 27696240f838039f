import Dialog from "antd-mobile/es/components/dialog";
import { useEffect } from "react";

/**
 * Shows a store's alert (spec §5: 'select a station first', the official account's refusals) as an
 * antd-mobile `Dialog.alert`, once per alert, and tells the store when the customer closed it.
 */
export const useStoreAlert = (alert: { readonly id: number; readonly text: string } | undefined, dismiss: () => void, confirmText: string): void => {
  const id = alert?.id;
  const text = alert?.text;
  useEffect(() => {
    if (id === undefined || text === undefined) return;
    const shown = Dialog.alert({ content: <p className="cards-alert">{text}</p>, confirmText });
    void shown.then(dismiss);
    // One dialog per alert (its id), not per render.
  }, [id]);
};
