import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * The page of each route of spec §2, each in its own chunk (`React.lazy`), so the first screen
 * loads only its own code. Every route of `Routes.ROUTES` has one (test/app/pages.test.ts).
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  "/": lazy(() => import("../pages/LoginPage.tsx")),
  "/login": lazy(() => import("../pages/LoginPage.tsx")),
  "/wechatlogin": lazy(() => import("../pages/WechatLoginPage.tsx")),
  "/bindPhone": lazy(() => import("../pages/BindPhonePage.tsx")),
  "/activated": lazy(() => import("../pages/ActivatedPage.tsx")),
  "/register": lazy(() => import("../pages/RegisterPage.tsx")),
  "/forgetPassword": lazy(() => import("../pages/ForgetPasswordPage.tsx")),
  "/personal": lazy(() => import("../pages/PersonalPage.tsx")),
  "/setting": lazy(() => import("../pages/SettingPage.tsx")),
  "/setPassword": lazy(() => import("../pages/SetPasswordPage.tsx")),
  "/resetPassword": lazy(() => import("../pages/ResetPasswordPage.tsx")),
  "/coupons": lazy(() => import("../pages/CouponsPage.tsx")),
  "/contact": lazy(() => import("../pages/ContactPage.tsx")),
  "/stationlist": lazy(() => import("../pages/StationListPage.tsx")),
  "/testStationlist": lazy(() => import("../pages/StationListPage.tsx")),
  "/citylist": lazy(() => import("../pages/CityListPage.tsx")),
  "/stationmap": lazy(() => import("../pages/StationMapPage.tsx")),
  "/oneKeyGas": lazy(() => import("../pages/OneKeyGasPage.tsx")),
  "/order": lazy(() => import("../pages/OrderPage.tsx")),
  "/orderNew": lazy(() => import("../pages/OrderNewPage.tsx")),
  "/paycallback": lazy(() => import("../pages/PayCallbackPage.tsx")),
  "/orderlist": lazy(() => import("../pages/OrderListPage.tsx")),
  "/orderDetail/:id": lazy(() => import("../pages/OrderDetailPage.tsx")),
  "/orderDetail/2/:id": lazy(() => import("../pages/RechargeOrderDetailPage.tsx")),
  "/recharge": lazy(() => import("../pages/CardPage.tsx")),
  "/recharge/1/:card_num": lazy(() => import("../pages/CardPage.tsx")),
  "/recharge/2": lazy(() => import("../pages/CardPage.tsx")),
  "/recharge2": lazy(() => import("../pages/Recharge2Page.tsx")),
  "/rechargeStationList": lazy(() => import("../pages/RechargeStationListPage.tsx")),
  "/rechargeordernew": lazy(() => import("../pages/RechargeOrderNewPage.tsx")),
  "/heartcard": lazy(() => import("../pages/HeartCardPage.tsx")),
  // issue 35: invoices
  "/invoices": lazy(() => import("../pages/InvoiceListPage.tsx")),
  "/invoice/:id": lazy(() => import("../pages/InvoiceDetailPage.tsx")),
  "/invoiceApply": lazy(() => import("../pages/InvoiceApplyPage.tsx")),
  "/invoiceTitles": lazy(() => import("../pages/InvoiceTitlesPage.tsx")),
  "/invoiceTitle": lazy(() => import("../pages/InvoiceTitlePage.tsx")),
};
