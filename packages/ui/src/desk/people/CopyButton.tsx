import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";

/**
 * Puts `text` on the clipboard. The desk may run over plain http on a station's network, where
 * `navigator.clipboard` does not exist: the older copy command is tried there, and when both fail
 * the admin is told to select the text (it is shown selectable whole).
 */
const copyText = async (text: string): Promise<boolean> => {
  try {
    if (navigator.clipboard !== undefined) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, no focus): the older way below may still work.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
};

/** A button that copies `text` and says whether it did. */
export const CopyButton = observer(function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const { i18n, notices } = useDesk();
  const copy = async () => {
    const copied = await copyText(text);
    notices.show(i18n.t(copied ? "desk.people.copied" : "desk.people.copyFailed"), copied ? "success" : "fail");
  };
  return (
    <Button color="primary" fill="outline" onClick={() => void copy()}>
      {label}
    </Button>
  );
});
