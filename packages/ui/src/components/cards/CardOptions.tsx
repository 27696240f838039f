import Radio from "antd-mobile/es/components/radio";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import { cardStatusLabel } from "../../i18n/cardStatus.ts";

/** One card to choose: how the customer knows it (its last 7 digits) and what tells cards apart. */
export interface CardOption {
  /** The card's number as the answer gave it (whole, or masked by a look-up). */
  readonly key: string;
  readonly lastNumber: string;
  readonly team: string;
  /** The card type in words, when known. */
  readonly type?: string;
  /** The distributor's status, when known. */
  readonly status?: string;
  /** Shown with its status as a mark and not choosable (issue 25: a frozen card cannot be recharged). */
  readonly disabled?: boolean;
}

interface CardOptionsProps {
  /** What the list is (its group label). */
  readonly label: string;
  readonly options: ReadonlyArray<CardOption>;
  readonly value: string | undefined;
  readonly onChange: (key: string) => void;
}

/**
 * Cards as a labelled radio group (native radios inside labels, so a keyboard and a screen reader
 * reach each): "Card ending 1234567" in bold, then the team, type and status. Each row is a 44 px
 * target, and long team names wrap rather than scroll sideways. A disabled card carries its status
 * as a mark beside its number instead ('已冻结').
 */
export const CardOptions = observer(function CardOptions({ label, options, value, onChange }: CardOptionsProps) {
  const { i18n } = useStores();
  const labelId = useId();
  return (
    <div className="card-options" role="radiogroup" aria-labelledby={labelId}>
      <span id={labelId} className="card-options-label">
        {label}
      </span>
      <Radio.Group value={value ?? null} onChange={(v) => onChange(String(v))}>
        {options.map((o) => (
          <Radio key={o.key} value={o.key} block className="card-option" disabled={o.disabled === true}>
            <span className="card-option-main">
              {i18n.t("cards.cardEnding", { last: o.lastNumber })}
              {o.disabled === true && o.status !== undefined ? <span className="card-option-mark">{cardStatusLabel(o.status, i18n)}</span> : null}
            </span>
            <span className="card-option-sub">
              {[o.team, o.type, o.status === undefined || o.disabled === true ? undefined : i18n.t("cards.statusIs", { status: cardStatusLabel(o.status, i18n) })]
                .filter((part) => part !== undefined)
                .map((part, i) => (
                  <span key={i}>
                    {i === 0 ? null : <span aria-hidden="true"> · </span>}
                    <span>{part}</span>
                  </span>
                ))}
            </span>
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );
});
