import Button from "antd-mobile/es/components/button";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";
import { valueOf } from "../../stores/Load.ts";
import { describeError } from "../../stores/messages.ts";

/**
 * The site's recharge tips (spec §3 web info `recharge_tip`, `recharge_shiti_tip`), as the settings
 * say them; while they load, two lines of skeleton; if they cannot be read, why, with a retry (the
 * prices come from the same settings, so the payable waits for them too).
 */
export const RechargeTips = observer(function RechargeTips({ entity }: { readonly entity: boolean }) {
  const { site, i18n } = useStores();
  const info = valueOf(site.info);
  if (info === undefined && site.info._tag === "Failed") {
    return (
      <p className="refusal" role="alert">
        {describeError(site.info.error, i18n)}{" "}
        <Button size="small" fill="none" color="primary" onClick={() => void site.load()}>
          {i18n.t("retry")}
        </Button>
      </p>
    );
  }
  if (info === undefined) {
    return (
      <div className="cards-tips" aria-busy="true">
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    );
  }
  const tips = [info.recharge_tip, entity ? info.recharge_shiti_tip : ""].filter((t) => t.trim() !== "");
  if (tips.length === 0) return null;
  return (
    <section className="cards-tips" aria-labelledby="recharge-tips-title">
      <h2 id="recharge-tips-title">{i18n.t("cards.tips")}</h2>
      {tips.map((tip, i) => (
        <p key={i}>{tip}</p>
      ))}
    </section>
  );
});
