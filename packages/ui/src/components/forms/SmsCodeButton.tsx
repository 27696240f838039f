import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { smsCodeStore } from "../../stores/SmsCodeStore.ts";
import { useEvery } from "../useEvery.ts";

/**
 * The send-code button with its 60 s resend countdown (spec §4), shared by /bindPhone and
 * /forgetPassword through the SmsCodeStore. `phone` is the typed phone once it is valid, else "".
 * The seconds tick visibly; a screen reader is told once when the wait starts and once when it
 * ends, not every second.
 */
export const SmsCodeButton = observer(function SmsCodeButton({ phone, onSend }: { readonly phone: string; readonly onSend: () => void }) {
  const smsCode = useStore(smsCodeStore);
  const { i18n } = useStores();
  const left = smsCode.secondsLeft(phone);
  const counting = left > 0;
  const sending = smsCode.sending._tag === "Sending";

  useEffect(() => smsCode.tick(), [counting, smsCode]);
  useEvery(1_000, smsCode.tick, counting);

  const [announcement, setAnnouncement] = useState("");
  const wasCounting = useRef(false);
  useEffect(() => {
    if (counting) setAnnouncement(i18n.t("signin.countdownRunning", { seconds: smsCode.secondsLeft(phone) }));
    else if (wasCounting.current) setAnnouncement(i18n.t("signin.countdownOver"));
    wasCounting.current = counting;
    // Only the start and the end of a wait are announced.
  }, [counting]);

  return (
    <>
      <Button className="sms-button" size="small" color="primary" fill="outline" disabled={counting || sending} loading={sending} loadingText={i18n.t("signin.sendingCode")} onClick={onSend}>
        {counting ? i18n.t("signin.resendIn", { seconds: left }) : i18n.t("signin.sendCode")}
      </Button>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </>
  );
});
