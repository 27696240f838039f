import List from "antd-mobile/es/components/list";
import Skeleton from "antd-mobile/es/components/skeleton";
import PhoneFill from "antd-mobile-icons/es/PhoneFill";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { RowLink } from "../components/RowLink.tsx";
import { valueOf } from "../stores/Load.ts";
import "./account.css";
import { describeError } from "../stores/messages.ts";

/** `tel:` wants the digits (and a leading +) only; the settings may write 020-38886688. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** /contact: the service phones from the site settings (spec §2: phone 1 and the optional phone 2), each one tap to call. */
export default observer(function ContactPage() {
  const { i18n, site } = useStores();
  useEffect(() => void site.load(), [site]);
  const info = valueOf(site.info);
  if (info === undefined && site.info._tag === "Failed") {
    return (
      <Page backTo="/personal">
        <PageError description={describeError(site.info.error, i18n)} onRetry={() => void site.load()} />
      </Page>
    );
  }
  const phones = info === undefined ? [] : [info.tel1, info.tel2].filter((p): p is string => p != null && p.trim() !== "");
  return (
    <Page backTo="/personal">
      {info === undefined ? (
        <div className="contact-skeleton" aria-busy="true" aria-label={i18n.t("loading")}>
          <Skeleton animated className="contact-skeleton-row" />
        </div>
      ) : (
        <List mode="card">
          {phones.map((phone, index) => (
            <RowLink key={phone} href={telHref(phone)} prefix={<PhoneFill fontSize={22} aria-hidden />} description={i18n.t("contactCall")}>
              <span className="contact-label">{i18n.t(index === 0 ? "contactPhone1" : "contactPhone2")}</span>
              <span className="contact-number">{phone}</span>
            </RowLink>
          ))}
        </List>
      )}
    </Page>
  );
});
