import { Invoice, Money, Routes } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Checkbox from "antd-mobile/es/components/checkbox";
import List from "antd-mobile/es/components/list";
import Popup from "antd-mobile/es/components/popup";
import Radio from "antd-mobile/es/components/radio";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { TitleForm } from "../components/invoices/TitleForm.tsx";
import "../components/invoices/invoices.css";
import "../components/orders/orders.css";
import { formatChinaTime } from "../components/orders/format.ts";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { valueOf } from "../stores/Load.ts";
import { describeError } from "../stores/messages.ts";
import { invoiceApplyStore } from "../stores/invoices/InvoiceApplyStore.ts";
import { titleFormStore } from "../stores/invoices/TitleFormStore.ts";

/** The order ids of the address (`?order_ids=5001,5007`), in their order, each once. */
const orderIdsOf = (raw: string | null): ReadonlyArray<number> => [
  ...new Set(
    (raw ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  ),
];

/** One order to tick: its number, what was paid, its litres, when it was used. */
const OrderChoice = observer(function OrderChoice({ order }: { readonly order: WireOrder }) {
  const apply = useStore(invoiceApplyStore);
  const { i18n } = useStores();
  const litres = Invoice.orderLitres(order);
  return (
    <List.Item className="invoice-order-choice">
      <Checkbox checked={apply.ticked.has(order.order_id)} onChange={() => apply.toggle(order.order_id)}>
        <span className="invoice-order-no">{order.mchnt_order_no}</span>
        <span className="invoice-order-line">
          {i18n.t("invoices.orderLine", { amount: Money.formatYuan(order.amount), litres })}
          {order.used_at === undefined || order.used_at === null ? "" : ` · ${i18n.t("invoices.usedAt", { time: formatChinaTime(order.used_at) })}`}
        </span>
      </Checkbox>
    </List.Item>
  );
});

/** The titles to pick from, the default picked; 'add a title' opens the form over the page. */
const TitlePicker = observer(function TitlePicker({ onAdd }: { readonly onAdd: () => void }) {
  const apply = useStore(invoiceApplyStore);
  const { i18n } = useStores();
  const { titles } = apply;
  if (valueOf(titles.titles) === undefined && titles.titles._tag === "Failed") return <PageError description={describeError(titles.titles.error, i18n)} onRetry={() => void titles.load()} />;
  if (valueOf(titles.titles) === undefined) return <Skeleton.Paragraph animated lineCount={2} />;
  return (
    <>
      {titles.list.length === 0 ? <p className="invoice-note">{i18n.t("invoices.noTitles")}</p> : null}
      <Radio.Group value={apply.title?.title_id ?? null} onChange={(value) => apply.chooseTitle(Number(value))}>
        <List className="invoice-title-choices" aria-labelledby="apply-title-heading">
          {titles.list.map((title) => (
            <List.Item key={title.title_id}>
              <Radio value={title.title_id}>
                <span className="invoice-title-name">{title.name}</span>{" "}
                <Tag fill="outline">{i18n.t(`invoices.type_${title.type}`)}</Tag>
                {title.is_default ? (
                  <>
                    {" "}
                    <Tag color="primary">{i18n.t("invoices.default")}</Tag>
                  </>
                ) : null}
                {title.tax_id === null ? null : <span className="invoice-order-line">{title.tax_id}</span>}
              </Radio>
            </List.Item>
          ))}
        </List>
      </Radio.Group>
      {titles.full ? null : (
        <Button block fill="outline" color="primary" className="invoice-add-title" onClick={onAdd}>
          {i18n.t("invoices.addTitle")}
        </Button>
      )}
    </>
  );
});

/** What the ticked orders make: the invoiced amount, litres and tax (`Invoice.fuelInvoiceLine`). */
const Summary = observer(function Summary() {
  const apply = useStore(invoiceApplyStore);
  const { i18n } = useStores();
  const { line } = apply;
  return (
    <section className="order-section" aria-labelledby="apply-summary-heading">
      <h2 id="apply-summary-heading" className="order-section-title">
        {i18n.t("invoices.summary")}
      </h2>
      <dl className="order-receipt">
        <div>
          <dt>{i18n.t("invoices.amount")}</dt>
          <dd className="order-payable">{Money.formatYuan(line.amount)}</dd>
        </div>
        {line.litres === null ? null : (
          <div>
            <dt>{i18n.t("invoices.litres")}</dt>
            <dd>{i18n.t("invoices.litresValue", { litres: line.litres })}</dd>
          </div>
        )}
        <div>
          <dt>{i18n.t("invoices.tax")}</dt>
          <dd>{line.taxPercent === null ? i18n.t("invoices.taxFree") : `${Money.formatYuan(line.tax)} (${i18n.t("invoices.taxRateValue", { percent: line.taxPercent })})`}</dd>
        </div>
      </dl>
    </section>
  );
});

/**
 * Issue 35 item 3, /invoiceApply?order_ids=: one invoice for used orders of one station. The order
 * the driver came from is ticked and the default title picked, so 'ask' is one tap more.
 */
export default observer(function InvoiceApplyPage() {
  const apply = useStore(invoiceApplyStore);
  const form = useStore(titleFormStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get(Routes.INVOICE_ORDERS_PARAM);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    const ids = orderIdsOf(raw);
    if (ids.length > 0) void apply.open(ids);
  }, [apply, raw]);

  const submit = async () => {
    const invoiceId = await apply.submit();
    if (invoiceId !== undefined) navigate(Routes.invoicePath(invoiceId), { replace: true });
  };
  const addTitle = () => {
    form.start();
    setAdding(true);
  };

  const body = () => {
    if (orderIdsOf(raw).length === 0) return <PageError title={i18n.t("invoices.noOrder")} description={i18n.t("invoices.noOrderHint")} />;
    if (apply.seed === undefined && apply.orders._tag === "Failed") return <PageError description={describeError(apply.orders.error, i18n)} onRetry={() => void apply.loadOrders()} />;
    if (apply.seed === undefined && apply.orders._tag === "Loaded") return <PageError title={i18n.t("invoices.noOrder")} description={i18n.t("invoices.noOrderHint")} />;
    if (apply.seed === undefined) {
      return (
        <div aria-busy="true" aria-label={i18n.t("invoices.applyLoading")}>
          <Skeleton.Paragraph animated lineCount={8} />
        </div>
      );
    }
    const problem = apply.problem;
    // A rule the ticked orders break shows at once; 'choose a title' only after a tap on ask.
    const shownProblem = problem === undefined || (problem.key === "invoices.chooseTitle" && !apply.tried) ? undefined : problem;
    return (
      <div className="invoice-apply">
        <section className="order-section" aria-labelledby="apply-orders-heading">
          <h2 id="apply-orders-heading" className="order-section-title">
            {i18n.t("invoices.applyOrders")}
          </h2>
          <p className="invoice-note">
            {apply.topUps
              ? i18n.t("invoices.applyTopUpsHint", { max: Invoice.MAX_ORDERS_PER_INVOICE })
              : i18n.t("invoices.applyOrdersHint", { station: apply.station?.title ?? "", max: Invoice.MAX_ORDERS_PER_INVOICE })}
          </p>
          {apply.refusedSeeds.map(({ order, refusal }) => (
            <p key={order.order_id} className="invoice-refused-reason" role="note">
              {i18n.t(refusal.key, refusal.params)}
            </p>
          ))}
          <List className="invoice-order-choices">
            {apply.pickable.map((order) => (
              <OrderChoice key={order.order_id} order={order} />
            ))}
          </List>
        </section>
        <section className="order-section" aria-labelledby="apply-title-heading">
          <h2 id="apply-title-heading" className="order-section-title">
            {i18n.t("invoices.applyTitle")}
          </h2>
          <TitlePicker onAdd={addTitle} />
        </section>
        <Summary />
        {shownProblem === undefined ? null : (
          <p className="refusal" role="alert">
            {i18n.t(shownProblem.key, shownProblem.params)}
          </p>
        )}
        {apply.refusal === undefined ? null : (
          <p className="refusal" role="alert">
            {describeError(apply.refusal, i18n)}
          </p>
        )}
        <div className="invoice-apply-footer">
          <Button block color="primary" size="large" loading={apply.sending} disabled={apply.sending || (problem !== undefined && problem.key !== "invoices.chooseTitle")} onClick={() => void submit()}>
            {i18n.t("invoices.submit", { amount: Money.formatYuan(apply.line.amount) })}
          </Button>
        </div>
        <Popup visible={adding} onMaskClick={() => setAdding(false)} bodyClassName="invoice-title-popup" destroyOnClose>
          <h2 className="order-section-title invoice-popup-heading">{i18n.t("invoices.formNewHeading")}</h2>
          <TitleForm
            idPrefix="apply-title"
            onSaved={(title) => {
              apply.chooseTitle(title.title_id);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </Popup>
      </div>
    );
  };
  return <Page backTo={Routes.INVOICES_PATH}>{body()}</Page>;
});
