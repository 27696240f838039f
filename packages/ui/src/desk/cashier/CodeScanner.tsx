import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect, useRef, useState } from "react";
import type { DeskKey } from "../i18n/deskCatalogue.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { cameraProblemKey, startCamera, stopCamera } from "./camera.ts";
import { openQrReader } from "./qrReader.ts";

/** The pause between two looks at the picture: a code is read within a fifth of a second, a slow phone keeps up. */
const LOOK_EVERY_MS = 200;

type CameraState = { readonly _tag: "Starting" } | { readonly _tag: "Watching" } | { readonly _tag: "Failed"; readonly why: DeskKey };

/**
 * The camera's picture, looked at until a QR code is read: then the camera is turned off and the
 * code handed on. Closing the scanner or leaving the screen (unmount) turns it off too. A camera
 * refused or missing is said in words; the typed field stays beside it.
 */
export const CodeScanner = observer(function CodeScanner({ onCode, onClose }: { readonly onCode: (code: string) => void; readonly onClose: () => void }) {
  const { i18n } = useDesk();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ _tag: "Starting" });
  // The latest handler, so a new render's callback never restarts the camera.
  const handOn = useRef(onCode);
  handOn.current = onCode;

  useEffect(() => {
    let open = true;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const close = () => {
      open = false;
      if (timer !== undefined) clearTimeout(timer);
      stopCamera(stream);
      stream = undefined;
    };
    void (async () => {
      try {
        const [camera, read] = await Promise.all([startCamera(), openQrReader()]);
        stream = camera;
        const element = video.current;
        if (!open || element === null) return close();
        element.srcObject = camera;
        await element.play();
        if (!open) return;
        setState({ _tag: "Watching" });
        const look = async () => {
          const code = await read(element).catch(() => undefined);
          if (!open) return;
          if (code === undefined) {
            timer = setTimeout(() => void look(), LOOK_EVERY_MS);
            return;
          }
          close();
          handOn.current(code);
        };
        void look();
      } catch (error) {
        close();
        setState({ _tag: "Failed", why: cameraProblemKey(error) });
      }
    })();
    return close;
  }, []);

  return (
    <section className="desk-scanner" aria-label={i18n.t("desk.cashier.scan")}>
      {state._tag === "Failed" ? (
        <p className="desk-error" role="alert">
          {i18n.t(state.why)}
        </p>
      ) : (
        <>
          <div className="desk-scanner-view">
            <video ref={video} className="desk-scanner-video" muted playsInline aria-label={i18n.t("desk.cashier.cameraVideo")} />
            <div className="desk-scanner-frame" aria-hidden="true" />
            {state._tag === "Starting" ? (
              <p className="desk-scanner-starting" role="status">
                <DotLoading color="white" /> {i18n.t("desk.cashier.cameraStarting")}
              </p>
            ) : null}
          </div>
          <p className="desk-field-hint">{i18n.t("desk.cashier.scanHint")}</p>
        </>
      )}
      <Button block fill="outline" onClick={onClose}>
        {i18n.t("desk.cashier.closeCamera")}
      </Button>
    </section>
  );
});
