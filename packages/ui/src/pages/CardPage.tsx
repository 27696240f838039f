import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import List from "antd-mobile/es/components/list";
import Skeleton from "antd-mobile/es/components/skeleton";
import type { CardListEntry } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { lazy, Suspense, useEffect } from "react";
import { Link, useLocation, useNavigate, useParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { CardOptions, type CardOption } from "../components/cards/CardOptions.tsx";
import { RechargeAmount, RechargePhone } from "../components/cards/RechargeAmount.tsx";
import { useStoreAlert } from "../components/cards/useStoreAlert.tsx";
import { KeptLine } from "../components/kept/KeptLine.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { RowLink } from "../components/RowLink.tsx";
import { BuyDieselEntry } from "../components/journeys/BuyDieselEntry.tsx";
import { valueOf } from "../stores/Load.ts";
import { cardKeyOf, cardsStore } from "../stores/cards/CardsStore.ts";
import { pickedKeyOf } from "../stores/cards/rechargeCard.ts";
import { rechargeDraftStore } from "../stores/cards/RechargeDraftStore.ts";
import { RECHARGE2_PATH, RECHARGE_STATIONS_PATH } from "../stores/cards/rechargeRoutes.ts";
import { StationChoice } from "../components/cards/StationChoice.tsx";
import "../components/forms/forms.css";
import "../components/order/order.css";
import "../components/cards/cards.css";
import { StoreForm } from "../components/forms/StoreForm.tsx";
import { describeError } from "../stores/messages.ts";
import { cardStatusLabel } from "../i18n/cardStatus.ts";

/** The card page's tabs, each an address (spec §2): /recharge both types, /recharge/1/:card_num virtual, /recharge/2 entity. */
type CardTab = "all" | "virtual" | "entity";
const TABS: ReadonlyArray<CardTab> = ["all", "virtual", "entity"];
const ALL_PATH = "/recharge";
const ENTITY_PATH = "/recharge/2";
const virtualPath = (cardNum: string): string => `/recharge/1/${encodeURIComponent(cardNum)}`;

const tabOf = (pathname: string): CardTab => (/^\/recharge\/1\//.test(pathname) ? "virtual" : /^\/recharge\/2\/?$/.test(pathname) ? "entity" : "all");

/**
 * The card types as links to their addresses, drawn as a tab line. Not antd-mobile's Tabs: its
 * animated ink bar brings react-spring (17 KB gzip) into the first load of the home page, and
 * these are addresses (a nav of links with `aria-current`), which Tabs' tablist is not.
 */
const CardTabs = observer(function CardTabs({ tab, virtualTo }: { readonly tab: CardTab; readonly virtualTo: string | undefined }) {
  const { i18n } = useStores();
  const to: Readonly<Record<CardTab, string | undefined>> = { all: ALL_PATH, virtual: virtualTo, entity: ENTITY_PATH };
  return (
    <nav className="cards-tabs" aria-label={i18n.t("cards.cardTabs")}>
      {TABS.map((key) => {
        const target = to[key];
        const title = i18n.t(`cards.tab_${key}`);
        if (target === undefined) {
          return (
            <span key={key} className="cards-tab cards-tab-disabled" aria-disabled="true">
              {title}
            </span>
          );
        }
        return (
          <Link key={key} to={target} replace className={key === tab ? "cards-tab cards-tab-active" : "cards-tab"} aria-current={key === tab ? "page" : undefined}>
            {title}
          </Link>
        );
      })}
    </nav>
  );
});

/** The chosen card's details: whole number, team, type, the distributor's status. */
const CardDetails = observer(function CardDetails() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const cards = useStore(cardsStore);
  const card = draft.card;
  if (card === undefined) return <p className="cards-empty-line">{i18n.t("cards.chooseCardHint")}</p>;
  const status = card.status !== undefined ? cardStatusLabel(card.status, i18n) : (cards.own._tag === "Loading" || cards.own._tag === "Idle" ? i18n.t("loading") : i18n.t("cards.statusUnknown"));
  return (
    <Card className="cards-details" title={<h2 className="cards-card-title">{i18n.t("cards.details")}</h2>}>
      <dl>
        <div>
          <dt>{i18n.t("cards.cardNumber")}</dt>
          <dd>{card.cardNum ?? card.lastNumber}</dd>
        </div>
        <div>
          <dt>{i18n.t("cards.team")}</dt>
          <dd>{card.team}</dd>
        </div>
        <div>
          <dt>{i18n.t("cards.cardType")}</dt>
          <dd>{i18n.t(`cards.type_${card.cardType}`)}</dd>
        </div>
        <div>
          <dt>{i18n.t("cards.status")}</dt>
          <dd>{status}</dd>
        </div>
      </dl>
    </Card>
  );
});

/** The cards of the tab, as radios; a virtual card chosen on its tab becomes the address. */
const CardLists = observer(function CardLists({ tab }: { readonly tab: CardTab }) {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const cards = useStore(cardsStore);
  const navigate = useNavigate();
  const options = (list: ReadonlyArray<CardListEntry>): CardOption[] =>
    list.map((c) => {
      const status = cards.statusOf(c.card_num);
      return { key: cardKeyOf(c.card_num, c.card_ref), lastNumber: c.last_number, team: c.team, ...(status === undefined ? {} : { status }) };
    });
  const choose = (key: string) => {
    const entry = cards.byKey(key);
    if (entry === undefined) return;
    draft.pickListed(entry);
    if (tab === "virtual") navigate(virtualPath(key), { replace: true });
  };
  const chosen = draft.source === "mine" ? pickedKeyOf(draft.picked) : undefined;
  const block = (title: string, list: ReadonlyArray<CardListEntry>) => (
    <section className="cards-list-block" key={title}>
      {list.length === 0 ? (
        <>
          <h2>{title}</h2>
          <p className="cards-empty-line">{i18n.t("cards.noCardsOfType")}</p>
        </>
      ) : (
        <CardOptions label={title} options={options(list)} value={chosen} onChange={choose} />
      )}
    </section>
  );
  return (
    <>
      {tab !== "entity" ? block(i18n.t("cards.virtualCards"), cards.virtual) : null}
      {tab !== "virtual" ? block(i18n.t("cards.entityCards"), cards.entity) : null}
      {draft.cardPageCardError === undefined ? null : (
        <p className="field-error cards-card-error" role="alert">
          {draft.cardPageCardError}
        </p>
      )}
    </>
  );
});

/** The empty state's illustrations (10 KB gzip) load only when a customer has no cards. */
const ErrorBlock = lazy(() => import("antd-mobile/es/components/error-block"));

/** No cards yet: buy one, or recharge an entity card the customer has. */
const NoCards = observer(function NoCards() {
  const { i18n } = useStores();
  const navigate = useNavigate();
  return (
    <ErrorBlock className="cards-empty" status="empty" title={i18n.t("cards.noCards")} description={i18n.t("cards.noCardsHint")}>
      <Button color="primary" onClick={() => navigate("/heartcard")}>
        {i18n.t("cards.buyCard")}
      </Button>
      <Button color="primary" fill="outline" onClick={() => navigate(RECHARGE2_PATH)}>
        {i18n.t("cards.rechargeEntity")}
      </Button>
    </ErrorBlock>
  );
});

/** Where else the card page leads: buying a card, the orders, the entity recharge. */
const MoreLinks = observer(function MoreLinks() {
  const { i18n } = useStores();
  return (
    <List className="cards-more" header={<h2 className="cards-section-title">{i18n.t("cards.more")}</h2>}>
      <RowLink to="/heartcard">{i18n.t("cards.buyCard")}</RowLink>
      <RowLink to="/orderlist">{i18n.t("cards.myOrders")}</RowLink>
      <RowLink to={RECHARGE2_PATH}>{i18n.t("cards.rechargeEntity")}</RowLink>
    </List>
  );
});

/**
 * Spec §2 /recharge, /recharge/1/:card_num, /recharge/2 (the home after sign-in): the customer's
 * cards by type (tabs that are these addresses), the chosen card's details (status from the
 * distributor's answer for the customer's own phone), and topping it up by amount: over 10000 yuan
 * the distributor's message; then `Validation.validateConsumptionPreconditions` (the official
 * account's refusals as dialogs, a missing card under the cards); then the checklist with the
 * draft marked as from the card page. No cards: ways to buy one or recharge an entity card.
 */
export default observer(function CardPage() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const cards = useStore(cardsStore);
  const { pathname } = useLocation();
  const { card_num: cardNumParam } = useParams();
  const tab = tabOf(pathname);
  const cardNum = tab === "virtual" && cardNumParam !== undefined ? cardNumParam : undefined;
  useEffect(() => {
    void draft.open("cardPage");
    void cards.load();
    void cards.loadOwnStatus();
  }, [draft, cards]);
  // Choosing the station on /rechargeStationList comes back to this address.
  useEffect(() => draft.startedAt(pathname), [draft, pathname]);

  // The card of the address (/recharge/1/:card_num) is the chosen one, once the list is in.
  const listed = cardNum === undefined ? undefined : cards.byKey(cardNum);
  useEffect(() => {
    if (listed !== undefined && pickedKeyOf(draft.picked) !== cardKeyOf(listed.card_num, listed.card_ref)) draft.pickListed(listed);
  }, [draft, listed]);
  useStoreAlert(draft.alert, draft.dismissAlert, i18n.t("ok"));

  const chosenVirtual = draft.picked?.cardType === "virtual" ? pickedKeyOf(draft.picked) : undefined;
  const firstVirtual = cards.virtual[0] === undefined ? undefined : cardKeyOf(cards.virtual[0].card_num, cards.virtual[0].card_ref);
  const virtualTo = cardNum !== undefined ? virtualPath(cardNum) : chosenVirtual !== undefined ? virtualPath(chosenVirtual) : firstVirtual === undefined ? undefined : virtualPath(firstVirtual);

  const body = () => {
    const shown = valueOf(cards.list);
    if (shown === undefined && cards.list._tag === "Failed") return <PageError description={describeError(cards.list.error, i18n)} onRetry={() => void cards.refresh()} />;
    if (shown === undefined) {
      return (
        <div aria-busy="true" aria-label={i18n.t("cards.cardsLoading")}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    const mark = <KeptLine keptAt={cards.keptAt} failed={cards.list._tag === "Failed"} />;
    if (cards.all.length === 0) {
      return (
        <>
          {mark}
          <Suspense fallback={<p className="cards-empty-line">{i18n.t("cards.noCards")}</p>}>
            <NoCards />
          </Suspense>
        </>
      );
    }
    return (
      <>
        {mark}
        {/* A kept list may lack a card the fresh one has: 'not found' waits for the fresh answer. */}
        {cardNum !== undefined && listed === undefined && cards.keptAt === undefined ? (
          <p className="refusal" role="alert">
            {i18n.t("cards.cardNotFound", { num: cardNum })}
          </p>
        ) : null}
        {cards.list._tag === "Failed" ? (
          <p className="refusal" role="alert">
            {describeError(cards.list.error, i18n)}{" "}
            <Button size="small" fill="none" color="primary" onClick={() => void cards.refresh()}>
              {i18n.t("retry")}
            </Button>
          </p>
        ) : null}
        <CardLists tab={tab} />
        <CardDetails />
        <StoreForm
          onSubmit={() => void draft.proceedFromCard()}
          footer={
            <div className="form-footer">
              <Button block type="submit" color="primary" size="large">
                {i18n.t("cards.topUp")}
              </Button>
            </div>
          }
        >
          <RechargeAmount />
          {/* Issue 25: the station is chosen (or seen) before the top-up, not asked at paying. */}
          <StationChoice to={RECHARGE_STATIONS_PATH} />
          <RechargePhone />
        </StoreForm>
      </>
    );
  };
  return (
    <Page tabBar back={false}>
      {/* The home after sign-in: buying diesel is one tap away here (issue 25), above the cards. */}
      <BuyDieselEntry prominent />
      <CardTabs tab={tab} virtualTo={virtualTo} />
      {body()}
      {/* Below the cards once they are in: shown under a loading list it would be pushed down (a layout shift). */}
      {cards.list._tag === "Loaded" || cards.list._tag === "Failed" ? <MoreLinks /> : null}
    </Page>
  );
});
