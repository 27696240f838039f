import { CardStatus, Constants } from "@fuel/domain";
import type { CardInfo } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Radio from "antd-mobile/es/components/radio";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useState, type KeyboardEvent } from "react";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { valueOf } from "../../stores/Load.ts";
import { cardKeyOf, cardsStore, lastDigitsOf, type LookupBy } from "../../stores/cards/CardsStore.ts";
import { pickedKeyOf, type CardSource, type RechargeCardType } from "../../stores/cards/rechargeCard.ts";
import { rechargeDraftStore } from "../../stores/cards/RechargeDraftStore.ts";
import { KeptLine } from "../kept/KeptLine.tsx";
import { OrderField } from "../order/OrderField.tsx";
import { CardOptions, type CardOption } from "./CardOptions.tsx";
import { StoreFormItem } from "../forms/StoreForm.tsx";
import { describeError } from "../../stores/messages.ts";
import { PHONE_INPUT } from "../forms/phoneInput.ts";

const SOURCES: ReadonlyArray<CardSource> = ["mine", "phone", "team", "typed"];
const TYPES: ReadonlyArray<RechargeCardType> = ["entity", "virtual"];

/** A labelled group of radios laid out on one wrapping line (the way to choose, the card type). */
function InlineRadios<T extends string>({ id, label, options, value, onChange, text }: { readonly id: string; readonly label: string; readonly options: ReadonlyArray<T>; readonly value: T; readonly onChange: (v: T) => void; readonly text: (v: T) => string }) {
  return (
    <StoreFormItem label={<span id={`${id}-label`}>{label}</span>}>
      <Radio.Group value={value} onChange={(v) => onChange(v as T)}>
        <div role="radiogroup" aria-labelledby={`${id}-label`} className="cards-inline-radios">
          {options.map((o) => (
            <Radio key={o} value={o}>
              {text(o)}
            </Radio>
          ))}
        </div>
      </Radio.Group>
    </StoreFormItem>
  );
}

/** The customer's entity cards (`cardlist`): skeleton, the list, none yet, or a failed load with retry. */
const MyEntityCards = observer(function MyEntityCards() {
  const { i18n } = useStores();
  const cards = useStore(cardsStore);
  const draft = useStore(rechargeDraftStore);
  const list = cards.list;
  const shown = valueOf(list);
  if (shown === undefined && list._tag === "Failed") {
    return (
      <p className="refusal" role="alert">
        {describeError(list.error, i18n)}{" "}
        <Button size="small" fill="none" color="primary" onClick={() => void cards.refresh()}>
          {i18n.t("retry")}
        </Button>
      </p>
    );
  }
  if (shown === undefined) {
    return (
      <div aria-busy="true" aria-label={i18n.t("cards.cardsLoading")}>
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  // The list kept on the device from an earlier visit, until the fresh one replaces it (issue 23).
  const mark = <KeptLine keptAt={cards.keptAt} failed={list._tag === "Failed"} />;
  if (cards.entity.length === 0) {
    return (
      <>
        {mark}
        <p className="cards-empty-line">{i18n.t("cards.noEntityCards")}</p>
      </>
    );
  }
  const options: CardOption[] = cards.entity.map((c) => {
    const status = cards.statusOf(c.card_num);
    return { key: cardKeyOf(c.card_num, c.card_ref), lastNumber: c.last_number, team: c.team, ...(status === undefined ? {} : { status, disabled: !CardStatus.isRechargeable(status) }) };
  });
  return (
    <>
      {mark}
      <CardOptions
        label={i18n.t("cards.myEntityCards")}
        options={options}
        value={draft.source === "mine" ? pickedKeyOf(draft.picked) : undefined}
        onChange={(key) => {
          const entry = cards.byKey(key);
          if (entry !== undefined) draft.pickListed(entry);
        }}
      />
    </>
  );
});

/** A look-up by phone or team: the query with its search button, then what it found. */
const Lookup = observer(function Lookup({ by }: { readonly by: LookupBy }) {
  const { i18n } = useStores();
  const cards = useStore(cardsStore);
  const draft = useStore(rechargeDraftStore);
  const [query, setQuery] = useState("");
  const lookup = cards.lookup;
  const answer = valueOf(lookup);
  const mine = answer?.by === by ? answer : undefined;
  const search = () => void cards.find(by, query);
  // Enter searches; it must not submit the recharge form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    search();
  };
  const id = `card-lookup-${by}`;
  const refusal = lookup._tag === "Failed" ? describeError(lookup.error, i18n) : undefined;
  const options: CardOption[] = (mine?.cards ?? []).map((c: CardInfo) => ({
    key: cardKeyOf(c.cardnum, c.card_ref),
    lastNumber: lastDigitsOf(c.cardnum),
    team: c.team,
    status: c.status,
    disabled: !CardStatus.isRechargeable(c.status),
  }));
  return (
    <>
      <OrderField
        id={id}
        label={i18n.t(by === "phone" ? "cards.lookupPhone" : "cards.lookupTeam")}
        hint={by === "phone" ? i18n.t("cards.lookupPhoneHint", { n: Constants.PHONE_LENGTH }) : i18n.t("cards.lookupTeamHint")}
        error={refusal}
        value={query}
        onChange={setQuery}
        input={
          by === "phone"
            ? { ...PHONE_INPUT, clearable: true, onKeyDown }
            : { autoComplete: "off", maxLength: 64, clearable: true, onKeyDown }
        }
        after={
          <Button className="cards-search" size="small" color="primary" fill="outline" loading={lookup._tag === "Loading"} disabled={query.trim() === ""} onClick={search}>
            {i18n.t("cards.search")}
          </Button>
        }
      />
      {mine === undefined ? null : (
        <StoreFormItem>
          <p className="cards-found" role="status">
            {mine.cards.length === 0 ? i18n.t("cards.foundNone") : i18n.t("cards.found", { n: mine.cards.length })}
          </p>
          {mine.cards.length === 0 ? null : (
            <CardOptions
              label={i18n.t("cards.foundList")}
              options={options}
              value={draft.source === by ? pickedKeyOf(draft.picked) : undefined}
              onChange={(key) => {
                const found = mine.cards.find((c) => cardKeyOf(c.cardnum, c.card_ref) === key);
                if (found !== undefined) draft.pickFound(found);
              }}
            />
          )}
        </StoreFormItem>
      )}
    </>
  );
});

/** The last 7 digits typed with the card's team and type. */
const TypedCard = observer(function TypedCard() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  return (
    <>
      <OrderField
        id="card-last-number"
        label={i18n.t("cards.lastNumber", { n: Constants.CARD_LAST_DIGITS })}
        hint={i18n.t("cards.lastNumberHint", { n: Constants.CARD_LAST_DIGITS })}
        error={draft.cardError}
        value={draft.typedLastNumber}
        onChange={draft.setTypedLastNumber}
        input={{ inputMode: "numeric", autoComplete: "off", maxLength: Constants.CARD_LAST_DIGITS, clearable: true, onBlur: draft.touch }}
      />
      <OrderField
        id="card-team"
        label={i18n.t("cards.team")}
        hint={i18n.t("cards.teamHint")}
        error={undefined}
        value={draft.typedTeam}
        onChange={draft.setTypedTeam}
        input={{ autoComplete: "off", maxLength: 64, clearable: true }}
      />
      <InlineRadios id="card-type" label={i18n.t("cards.cardType")} options={TYPES} value={draft.typedType} onChange={draft.setTypedType} text={(t) => i18n.t(`cards.type_${t}`)} />
    </>
  );
});

/**
 * The card of /recharge2 (spec §2, §3, §7): one of the customer's entity cards, a card found by
 * phone (`getRechargeCardByPhone`) or by team (`getcardnumbyteam`), or its last 7 digits typed with
 * its team and type. 'card number cannot be empty' is said under it when Continue finds none.
 */
export const CardPicker = observer(function CardPicker() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const card = draft.card;
  const error = draft.source === "typed" ? undefined : draft.cardError;
  return (
    <section className="cards-picker" aria-labelledby="card-picker-title">
      <h2 id="card-picker-title" className="cards-section-title">
        {i18n.t("cards.card")}
      </h2>
      <InlineRadios id="card-source" label={i18n.t("cards.howToChoose")} options={SOURCES} value={draft.source} onChange={draft.setSource} text={(s) => i18n.t(`cards.source_${s}`)} />
      {draft.source === "mine" ? (
        <StoreFormItem>
          <MyEntityCards />
        </StoreFormItem>
      ) : null}
      {draft.source === "phone" || draft.source === "team" ? <Lookup key={draft.source} by={draft.source} /> : null}
      {draft.source === "typed" ? <TypedCard /> : null}
      {draft.source !== "typed" && (card !== undefined || error !== undefined) ? (
        <StoreFormItem>
          {card === undefined ? null : (
            <p className="cards-chosen" role="status">
              {i18n.t("cards.chosenCard", { card: `${i18n.t("cards.cardEnding", { last: card.lastNumber })} · ${card.team} · ${i18n.t(`cards.type_${card.cardType}`)}` })}
            </p>
          )}
          {error === undefined ? null : (
            <p id="card-error" className="field-error" role="alert">
              {error}
            </p>
          )}
        </StoreFormItem>
      ) : null}
    </section>
  );
});
