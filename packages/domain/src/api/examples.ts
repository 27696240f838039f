import type { ApiName, RequestEncodedOf, ResponseEncodedOf } from "./Api.ts";
import { cents } from "../Money.ts";
import type { CardInfo, Order, PayInfo, Station, User, WebInfo } from "./Entities.ts";
import type { DeskStation } from "./DeskPlaces.ts";
import type { DeskInvoice } from "./DeskInvoices.ts";
import type { Invoice, InvoiceTitle } from "./Invoices.ts";

/**
 * One valid request and one valid answer (`data` of the success envelope) per endpoint, as JSON.
 * docs/api.md shows them, the contract tests decode them, and client or server tests may start
 * from them. Money is integer cents (100.40 yuan is 10040), prices cents per litre (7.30 yuan/L
 * is 730), instants ISO-8601 with offset, China time.
 * @module
 */

/** The example request and answer of the endpoint named `K`. */
export interface Example<K extends ApiName> {
  readonly request: RequestEncodedOf<K>;
  readonly response: ResponseEncodedOf<K>;
}

/** Example station: sells 0# diesel at 7.30 yuan/L instead of 8.00. */
export const exampleStation: Station = {
  id: 12,
  city: "Shenzhen",
  title: "Futian Energy Station",
  address: "88 Shennan Avenue, Futian District",
  longitude: 114.0579,
  latitude: 22.5431,
  shop_image: "https://cdn.example.com/stations/12.jpg",
  now_price: 730,
  nation_price: 820,
  original_price: 800,
  sell_type: "0#;92#;95#",
  code_id: "SZ0012",
  tel: "0755-88886666",
  business_start_time: "06:00",
  business_end_time: "23:00",
  invoice_policy: "station",
};

/** Example signed-in, activated user. */
export const exampleUser: User = {
  id: 1001,
  name: "Li Wei",
  avatar_url: "https://cdn.example.com/avatars/1001.png",
  phone: "13800138000",
  oauth_id: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  is_activated: true,
  follows_official_account: true,
  has_password: true,
};

/** Example site settings. */
export const exampleWebInfo: WebInfo = {
  price_0_now: 730,
  price_0_nation: 820,
  price_0_original: 800,
  price_0_xuni: 711,
  price_0_shiti: 711,
  entity_common_num: "100011",
  virtual_common_num: "900011",
  tel1: "400-800-1234",
  tel2: null,
  recharge_tip: "Recharges arrive within 24 hours.",
  recharge_shiti_tip: "Entity card recharges must be loaded at a station terminal.",
  follow_qrcode: "https://cdn.example.com/follow-qrcode.png",
  follow_account_name: "Fuel Deals",
};

/** Example pay parameters for the in-app payment bridge. */
export const examplePayInfo: PayInfo = {
  appId: "wx8888888888888888",
  timeStamp: "1732500000",
  nonceStr: "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
  package: "prepay_id=wx201410272009395522657a690389285100",
  paySign: "oR9d8PuhnIc+YZ8cBHFCwfgpaK9gd7vaRvkYD7rthRAZ/X+QBhcCYL21N7cHCTUxbQ+EAt6Uy+lwSN22f5YZvI45MLko8Pfso0jm46v5hqcVwrk6uddkGuT+Cdvu4WBqDzaDjnNa5UK3GfE1Wfl2gHxIIY5lLdUgWFts17D4WuolLLkiFZV+JSHMvH7eaLdT9N5GBovBwu5yYKUR7skR8Fu+LozcSqQixnlEZUfyE55feLOQTUYzLmR9pNtPbPsu6WVhbNHMS3Ss2+AehHvz+n64GDmXxbX++IOBvm2olHu3PsOUGRwhudhVf7UcGcunXt8cqNjKNqZLhLw4jq/xDg==",
  signType: "RSA",
};

/** Example unpaid one-key fuel order: 100.40 yuan at 7.30 instead of 8.00 yuan/L, payable 91.62 yuan. */
export const exampleOrder: Order = {
  order_id: 5001,
  order_status: 1,
  order_type: 2,
  card_type: null,
  gas_type: "0#",
  order_amount: cents(10040),
  amount: cents(9162),
  created_at: "2024-11-26T09:15:00+08:00",
  payment_time: null,
  remark: "",
  phone: "13800138000",
  count: 812,
  mchnt_order_no: "FO202411260915000005001",
  gas_original_price: 800,
  gas_now_price: 730,
  stationInfo: exampleStation,
  pay_qrcode: null,
  refund_status: 0,
  card_num: null,
  reason: null,
  last_number: null,
  paytype: "wechat",
};

/** Example card as the distributor knows it. */
export const exampleCardInfo: CardInfo = {
  cardnum: "1000111234567",
  phonenum: "13800138000",
  team: "Pearl River Logistics",
  status: "normal",
  card_ref: "7.Zp0c2Lw8sVt4yQ1nK6bH3xR9mJ5dA7eU2gC0iF8oTqW",
};

/** Example station as the admin sees it at the desk. */
export const exampleDeskStation: DeskStation = {
  id: 12,
  city: "Guangzhou",
  title: "Huangpu East Station",
  address: "88 Huangpu East Road",
  longitude: 113.4521,
  latitude: 23.1042,
  shop_image: "",
  now_price: 689,
  nation_price: 745,
  original_price: 745,
  sell_type: "0#;92#",
  code_id: "GZ012",
  tel: "020-12345678",
  business_start_time: "06:00",
  business_end_time: "22:00",
  invoice_policy: "platform",
};

/** Example company title. */
export const exampleInvoiceTitle: InvoiceTitle = {
  title_id: 3,
  type: "company",
  name: "Pearl River Logistics Co., Ltd.",
  tax_id: "91440101MA5CXXXX2K",
  email: "finance@pearl-logistics.example",
  phone: "020-88886666",
  address: "1 Logistics Road, Guangzhou",
  bank: "Bank of Guangzhou Huangpu Branch",
  account: "800012345678",
  is_default: true,
};

/** Example issued invoice for two used orders of one station: 188.55 + 94.28 paid, 200 + 100 yuan at 7.57/L. */
export const exampleInvoice: Invoice = {
  invoice_id: 41,
  state: "issued",
  issuer: "station",
  kind: "fuel",
  station_id: 12,
  station_title: "Futian Energy Station",
  title: {
    type: "company",
    name: "Pearl River Logistics Co., Ltd.",
    tax_id: "91440101MA5CXXXX2K",
    email: "finance@pearl-logistics.example",
    phone: null,
    address: null,
    bank: null,
    account: null,
  },
  line: { description: "*成品油*柴油 0#", unit: "升", litres: "39.630", unit_price: "7.13676508", amount: cents(28283), tax_percent: 13, tax: cents(3254), net: cents(25029) },
  orders: [
    { order_id: 5001, mchnt_order_no: "FO20241126091530123456", amount: cents(18855), order_amount: cents(20000), litres: "26.420", used_at: "2024-11-26T10:02:00+08:00" },
    { order_id: 5007, mchnt_order_no: "FO20241127081102654321", amount: cents(9428), order_amount: cents(10000), litres: "13.210", used_at: "2024-11-27T08:40:00+08:00" },
  ],
  created_at: "2024-11-28T09:00:00+08:00",
  number: "24442000000012345678",
  issued_at: "2024-11-28T15:20:00+08:00",
  pdf_url: "/api/invoice/pdf?invoice_id=41",
  in_wallet: false,
  reason: null,
};

const exampleDeskInvoice: DeskInvoice = { ...exampleInvoice, pdf_url: "/api/desk/invoices/pdf?invoice_id=41", customer_phone: "13800138000", acted_by: "li.cashier" };

/** One example request and answer per endpoint of `Api`. */
export const examples: { readonly [K in ApiName]: Example<K> } = {
  userInfo: { request: {}, response: exampleUser },
  login: {
    request: { phone: "13800138000", type: "captcha", captcha: "4821" },
    response: { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDAxIn0.c2lnbmF0dXJl", is_activated: true, info: exampleUser },
  },
  sendSms: { request: { phone: "13800138000" }, response: null },
  wechatAuth: {
    request: { code: "081Kq4Ga1MSox03Ae9Ha1hZZUw0Kq4Ga" },
    response: {
      unBindPhone: true,
      is_activated: false,
      info: { openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", name: "Li Wei", avatar_url: "https://cdn.example.com/avatars/1001.png" },
    },
  },
  bindPhone: {
    request: { phone: "13800138000", openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M" },
    response: { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMDAxIn0.c2lnbmF0dXJl", is_activated: false, info: { ...exampleUser, is_activated: false } },
  },
  logout: { request: {}, response: null },
  checkCaptcha: { request: { phone: "13800138000", captcha: "4821", openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M" }, response: null },
  setPassword: { request: { password: "s3cret-pass" }, response: null },
  resetPassword: { request: { password: "n3w-s3cret", captcha: "4821", phone: "13800138000" }, response: null },
  isBlacklist: { request: { phone: "13800138000" }, response: 0 },
  activate: { request: { code: "FUEL-7Q2M-X9KD" }, response: null },

  webInfo: { request: {}, response: exampleWebInfo },
  version: { request: {}, response: { version: "v1", label: "fuel app production v1", mode: "sandbox" } },
  ready: { request: {}, response: null },
  cityList: {
    request: {},
    response: [
      { city: "Shenzhen", count: 42 },
      { city: "Guangzhou", count: 17 },
    ],
  },
  cityStations: { request: { city: "Shenzhen" }, response: [exampleStation] },

  orderCreate: {
    request: { gas_Type: "0#", order_amount: "10040", phone: "13800138000", station_id: 12, remark: "", paytype: "wechat" },
    response: { respCode: "00", respMsg: "success", payInfo: examplePayInfo, merchOrderNo: "FO202411260915000005001", order_id: 5001 },
  },
  orderList: {
    request: { page: 1, order_status: "unpaid" },
    response: { total: 1, current_page: 1, last_page: 1, data: [exampleOrder] },
  },
  orderDetail: { request: { order_id: 5001 }, response: exampleOrder },
  orderCancel: { request: { order_id: 5001 }, response: { order_id: 5001, order_status: 9 } },
  orderResetQr: { request: { order_id: 5002 }, response: { qrcode: "9D2WM7RQ4K8TZ3HB" } },
  orderRefund: {
    request: { order_id: 5001, reason: "The station was closed." },
    response: { order_id: 5001, refund_status: 1 },
  },
  kepaiQrCode: {
    request: { orderNumber: "FO202411260915000005001" },
    response: { respCode: "00000", qrcode: "7K3M9QXR2D4FHJ8T" },
  },

  paymentQuery: { request: { order_id: 5001 }, response: { payInfo: examplePayInfo, merchOrderNo: "FO202411260915000005001" } },
  paymentFyQuery: {
    request: { order_id: 5001 },
    response: {
      result_code: "000000",
      result_msg: "SUCCESS",
      reserved_pay_info: examplePayInfo,
      reserved_fy_order_no: "FY2024112609150001",
      order_id: 5001,
    },
  },
  paymentQueryResult: { request: { order_id: 5001 }, response: { order_status: 2, paid: true } },
  paymentNotify: {
    request: {
      id: "EV-2018022511223320873",
      create_time: "2024-11-26T09:16:05+08:00",
      event_type: "TRANSACTION.SUCCESS",
      resource_type: "encrypt-resource",
      summary: "payment succeeded",
      resource: {
        algorithm: "AEAD_AES_256_GCM",
        ciphertext: "ZW5jcnlwdGVkIHBheW1lbnQgcmVzb3VyY2U=",
        associated_data: "transaction",
        nonce: "fdasflkja484w",
        original_type: "transaction",
      },
    },
    response: null,
  },
  paymentFyNotify: {
    request: {
      id: "EV-2024112609160500001",
      create_time: "2024-11-26T09:16:05+08:00",
      event_type: "TRANSACTION.SUCCESS",
      resource_type: "encrypt-resource",
      resource: {
        algorithm: "AEAD_AES_256_GCM",
        ciphertext: "ZW5jcnlwdGVkIHBheW1lbnQgcmVzb3VyY2U=",
        associated_data: "transaction",
        nonce: "k2J9xQe1Lm0p",
      },
    },
    response: null,
  },

  rechargeCardList: {
    request: {},
    response: {
      entity_list: [{ card_num: "1000111234567", last_number: "1234567", team: "Pearl River Logistics", card_type: 1 }],
      virtual_list: [{ card_num: "*********4321", last_number: "4321", team: "Pearl River Logistics", card_type: 2, card_ref: "42.hQ3vX1dK0r7mJmZ2a9cT5wq1bN8sYfUe4LpGx6oRiVk" }],
    },
  },
  rechargeCardsByTeam: {
    request: { team: "Pearl River Logistics" },
    response: [exampleCardInfo, { cardnum: "*********4321", phonenum: "139****5678", team: "Pearl River Logistics", status: "normal", card_ref: "42.hQ3vX1dK0r7mJmZ2a9cT5wq1bN8sYfUe4LpGx6oRiVk" }],
  },
  rechargeCardsByPhone: { request: { phone: "13800138000" }, response: [exampleCardInfo] },
  rechargeOrderCreate: {
    request: {
      gas_Type: "0#",
      card_type: 1,
      common_number: "100011",
      last_number: "1234567",
      order_amount: "50000",
      amount: 44438,
      phone: "13800138000",
      phonenum2: "13900139000",
      team: "Pearl River Logistics",
      card_status: "normal",
      station_id: 12,
      unitdiscount: 89,
      remark: "",
      paytype: "fy",
    },
    response: {
      result_code: "000000",
      result_msg: "SUCCESS",
      reserved_pay_info: examplePayInfo,
      reserved_fy_order_no: "FY2024112610000002",
      order_id: 5002,
    },
  },
  cardPurchaseCreate: {
    request: { order_amount: "100000", amount: 90215, phone: "13800138000", paytype: "fy" },
    response: {
      result_code: "000000",
      result_msg: "order created",
      reserved_pay_info: examplePayInfo,
      reserved_fy_order_no: "FY2024112610000003",
      order_id: 5003,
    },
  },

  sandboxOauthCode: { request: { openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", nickname: "Li Wei" }, response: { code: "081Kq4Ga1MSox03Ae9Ha1hZZUw0Kq4Ga" } },
  sandboxSms: { request: { phone: "13800138000" }, response: { code: "4821" } },
  sandboxGeocode: { request: { longitude: 114.0579, latitude: 22.5431 }, response: { city: "Shenzhen" } },
  sandboxPay: { request: { order_id: 5001, result: "ok" }, response: { order_id: 5001, order_status: 2 } },
  sandboxCashierRedeem: { request: { qrcode: "7K3M 9QXR 2D4F HJ8T" }, response: { order_id: 5001, order_status: 3 } },
  sandboxRechargeSettle: {
    request: { order_id: 5002, result: "rejected", reason: "Card is frozen by the distributor." },
    response: { order_id: 5002, order_status: 6 },
  },
  sandboxInviteCodes: { request: { count: 2 }, response: { codes: ["FUEL-7Q2M-X9KD", "FUEL-3HWT-P4ZA"] } },
  sandboxBlacklist: { request: { phone: "13700137000" }, response: null },
  sandboxClock: { request: { advance_seconds: 900 }, response: { now: "2024-11-26T09:30:00+08:00" } },

  deskLookup: {
    request: { code: "7k3m 9qxr 2d4f hj8t", entry: "typed" },
    response: {
      order_id: 5001,
      order_status: 2,
      station_title: "Futian Energy Station",
      order_amount: cents(10040),
      gas_original_price: 800,
      litres: "12.550",
      amount: cents(9162),
      paid_at: "2024-11-26T09:16:05+08:00",
      valid_until: "2024-11-28T09:16:05+08:00",
      redeemed_at: null,
      redeemed_by: null,
      may_redeem: true,
      refusal: null,
    },
  },
  deskRedeem: {
    request: { code: "7K3M 9QXR 2D4F HJ8T", entry: "scanned" },
    response: { order_id: 5001, order_status: 3, redeemed_at: "2024-11-26T10:02:40+08:00", redeemed_by: "li.cashier" },
  },
  deskQueue: {
    request: {},
    response: {
      orders: [
        {
          order_id: 5002,
          mchnt_order_no: "FY2024112610000002",
          issues_card: false,
          card_type: 1,
          card_num: "1000113200001234567",
          last_number: "1234567",
          team: "Pearl River Logistics",
          order_amount: cents(50000),
          amount: cents(45313),
          phone: "13912345678",
          remark: "",
          paid_at: "2024-11-26T09:20:00+08:00",
          station_title: "Futian Energy Station",
        },
      ],
    },
  },
  deskSettle: { request: { order_id: 5002, result: "done" }, response: { order_id: 5002, order_status: 3 } },
  deskStations: { request: {}, response: { stations: [exampleDeskStation] } },
  deskStationSave: { request: { ...exampleDeskStation, now_price: 679 }, response: { ...exampleDeskStation, now_price: 679 } },
  deskStationsImport: {
    request: { csv: "city,title,address,longitude,latitude,shop_image,now_price,nation_price,original_price,sell_type,code_id,tel,business_start_time,business_end_time\r\nGuangzhou,Huangpu East Station,88 Huangpu East Road,113.4521,23.1042,,689,745,745,0#;92#,GZ012,020-12345678,06:00,22:00\r\n" },
    response: { added: 0, updated: 1 },
  },
  deskSettings: { request: {}, response: { settings: exampleWebInfo } },
  deskSettingsSave: { request: { price_0_now: 689, tel1: "400-800-1234" }, response: { settings: { ...exampleWebInfo, price_0_now: 689, tel1: "400-800-1234" } } },
  deskOrders: { request: { phone: "13800138000", status: 2, from: "2024-11-26", to: "2024-11-26", sort: "amount", dir: "desc", page: 1, page_size: 20 }, response: { orders: [exampleOrder], total: 1, page: 1, page_size: 20 } },
  deskOrdersExport: {
    request: { status: 2, type: "fuel", from: "2024-11-26", to: "2024-11-30", lang: "zh-CN" },
    response:
      "\uFEFF订单号,商户订单号,下单时间,类型,状态,油站或加油卡,客户手机号,订单金额（元）,实付金额（元）,支付时间\r\n5001,FO20241126091530123456,2024-11-26 09:15:30,加油,待使用,黄埔东加油站,13800138000,100.00,91.62,2024-11-26 09:16:02\r\n",
  },
  deskOrder: {
    request: { order_id: 5001 },
    response: {
      order: { ...exampleOrder, order_status: 3, payment_time: "2024-11-26T09:16:02+08:00", count: 0 },
      refund_reason: null,
      refund_requested_at: null,
      refunded_at: null,
      payments: [
        {
          channel: "wechat",
          transaction_id: "4200002024112609160212345678",
          amount: cents(9162),
          paid_at: "2024-11-26T09:16:02+08:00",
          refund_required: false,
          refunded_at: null,
          refund_no: null,
        },
      ],
      qr_codes: [{ code: "7K3M9QXR2D4FHJ8T", issued_at: "2024-11-26T09:16:02+08:00", voided_at: null, redeemed_at: "2024-11-26T10:02:40+08:00", redeemed_by: "li.cashier" }],
    },
  },
  deskStationsExport: {
    request: { city: "Guangzhou", open: "open" },
    response: "city,title,address,longitude,latitude,shop_image,now_price,nation_price,original_price,sell_type,code_id,tel,business_start_time,business_end_time\r\nGuangzhou,Huangpu East Station,88 Huangpu East Road,113.4521,23.1042,,689,745,745,0#;92#,GZ012,020-12345678,06:00,22:00\r\n",
  },
  deskLogin: { request: { name: "li.cashier", password: "hK7pQ2wXz9rT4mNb" }, response: { name: "li.cashier", role: "cashier", must_change_password: true } },
  deskPassword: { request: { old_password: "hK7pQ2wXz9rT4mNb", new_password: "diesel-at-dawn-42" }, response: null },
  deskLogout: { request: {}, response: null },
  deskMe: { request: {}, response: { name: "li.cashier", role: "cashier", stations: [12], must_change_password: false } },
  deskAudit: {
    request: { act: "signIn", from: "2024-11-26T00:00:00+08:00" },
    response: {
      rows: [{ id: 7, at: "2024-11-26T09:30:00+08:00", staff: "li.cashier", address: "203.0.113.7", act: "signIn", subject: "li.cashier", before: null, after: null }],
      next_before_id: null,
    },
  },
  deskStaffList: {
    request: {},
    response: { staff: [{ name: "li.cashier", role: "cashier", stations: [12], disabled: false, must_change_password: true, created_at: "2024-11-26T09:00:00+08:00" }] },
  },
  deskStaffAdd: { request: { name: "li.cashier", role: "cashier", stations: [12] }, response: { name: "li.cashier", one_time_password: "hK7pQ2wXz9rT4mNb" } },
  deskStaffDisable: { request: { name: "li.cashier" }, response: { changed: true } },
  deskStaffEnable: { request: { name: "li.cashier" }, response: { changed: true } },
  deskStaffReset: { request: { name: "li.cashier" }, response: { name: "li.cashier", one_time_password: "Zq8vW3nRt6YpK2mA" } },
  deskInvitesCreate: { request: { count: 2 }, response: { codes: ["7KQ3MZP9XA", "H4TW8NRC2E"] } },
  deskInvites: {
    request: { page: 1 },
    response: {
      invites: [{ code: "7KQ3MZP9XA", created_at: "2024-11-26T09:00:00+08:00", redeemed_at: "2024-11-26T10:12:00+08:00", redeemed_by_phone: "13800138000" }],
      total: 1,
      page: 1,
    },
  },
  deskBlacklist: { request: {}, response: { phones: ["13800138000"] } },
  deskBlacklistAdd: { request: { phone: "13800138000" }, response: { changed: true } },
  deskBlacklistRemove: { request: { phone: "13800138000" }, response: { changed: true } },
  invoiceTitles: { request: {}, response: { titles: [exampleInvoiceTitle], max: 5 } },
  invoiceTitleSave: {
    request: { type: "company", name: "Pearl River Logistics Co., Ltd.", tax_id: "91440101ma5cxxxx2k ", email: "finance@pearl-logistics.example", is_default: true },
    response: exampleInvoiceTitle,
  },
  invoiceTitleDelete: { request: { title_id: 3 }, response: {} },
  invoiceApply: { request: { order_ids: [5001, 5007], title_id: 3 }, response: { invoice_id: 41 } },
  invoiceList: { request: {}, response: { invoices: [exampleInvoice] } },
  invoiceDetail: { request: { invoice_id: 41 }, response: exampleInvoice },
  invoicePdf: { request: { invoice_id: 41 }, response: "%PDF-1.4 …" },
  deskInvoices: { request: { state: "requested", station_id: 12 }, response: { invoices: [exampleDeskInvoice], total: 1, page: 1, page_size: 20 } },
  deskInvoicesExport: {
    request: { state: "issued", lang: "en" },
    response:
      "\uFEFFInvoice,State,Station,Title,Taxpayer id,Orders,Litres,Amount (yuan),Number,Issued at\r\n41,issued,Futian Energy Station,\"Pearl River Logistics Co., Ltd.\",91440101MA5CXXXX2K,5001 5007,39.630,282.83,24442000000012345678,2024-11-28 15:20:00\r\n",
  },
  deskInvoicePdf: { request: { invoice_id: 41 }, response: "%PDF-1.4 …" },
  deskInvoiceIssue: { request: { invoice_id: 41, number: "24442000000012345678", pdf: "data:application/pdf;base64,JVBERi0xLjQK…" }, response: exampleDeskInvoice },
  invoiceNotify: {
    request: {
      id: "EV-2024112815200000001",
      create_time: "2024-11-28T15:20:00+08:00",
      event_type: "FAPIAO.ISSUED",
      resource_type: "encrypt-resource",
      summary: "FAPIAO.ISSUED",
      resource: { algorithm: "AEAD_AES_256_GCM", ciphertext: "ZW5jcnlwdGVkIGZhcGlhbyByZXNvdXJjZQ==", associated_data: "fapiao", nonce: "fdasflkja484w" },
    },
    response: null,
  },
  deskInvoiceRefuse: { request: { invoice_id: 41, reason: "taxpayer id does not match the company name" }, response: { ...exampleDeskInvoice, state: "refused", number: null, issued_at: null, pdf_url: null, reason: "taxpayer id does not match the company name" } },
};
