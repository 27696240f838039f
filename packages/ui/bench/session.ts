/**
 * A signed-in, activated customer with one paid fuel order, made through the sandbox API of the
 * bench's server, so Lighthouse can load the pages behind the guard (/oneKeyGas, /orderlist,
 * /orderDetail, /recharge2, /recharge/2) as a customer sees them. The customer binds the demo
 * phone whose fuel cards the seed registers (packages/server/src/seed/demoCards.ts), so the card
 * pages show cards rather than their empty state; the bench's server is a fresh in-memory one.
 */
const DEMO_CARD_PHONE = "13912345678";

const call = async <T>(baseUrl: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { status: string; message: string; data: T };
  if (envelope.status !== "success") throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
};

export interface BenchCustomer {
  readonly token: string;
  readonly stationId: number;
  readonly orderId: number;
}

export const benchCustomer = async (baseUrl: string): Promise<BenchCustomer> => {
  const { code } = await call<{ code: string }>(baseUrl, "/api/sandbox/oauth/code", {});
  const auth = await call<{ info: { openid: string } }>(baseUrl, "/api/wechatauth", { code });
  const phone = DEMO_CARD_PHONE;
  await call(baseUrl, "/api/sendsms", { phone });
  const sms = await call<{ code: string }>(baseUrl, `/api/sandbox/sms?phone=${phone}`);
  await call(baseUrl, "/api/check_captcha", { phone, captcha: sms.code, openid: auth.info.openid });
  const { token } = await call<{ token: string }>(baseUrl, "/api/bindphone", { phone, openid: auth.info.openid });
  const { codes } = await call<{ codes: string[] }>(baseUrl, "/api/sandbox/invite-codes", { count: 1 });
  await call(baseUrl, "/api/activacode/check", { code: codes[0] }, token);
  const stations = await call<Array<{ id: number; sell_type: string }>>(baseUrl, "/api/station/current_city_list", { city: "广州市" });
  const station = stations.find((s) => s.sell_type.split(/[;；]/).includes("0#"));
  if (station === undefined) throw new Error("no diesel station in the demo catalogue");
  const created = await call<{ merchOrderNo: string }>(baseUrl, "/api/order/create", { gas_Type: "0#", order_amount: "20000", phone, station_id: station.id, paytype: "wechat" }, token);
  const page = await call<{ data: Array<{ order_id: number; mchnt_order_no: string }> }>(baseUrl, "/api/order/list", { page: 1, order_status: "unpaid" }, token);
  const order = page.data.find((o) => o.mchnt_order_no === created.merchOrderNo);
  if (order === undefined) throw new Error("the bench order is not listed");
  await call(baseUrl, "/api/sandbox/pay", { order_id: order.order_id, result: "ok" });
  return { token, stationId: station.id, orderId: order.order_id };
};
