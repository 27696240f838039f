/**
 * Texts of a recharge order's detail (/orderDetail/2/:id, issue 13) and of a recharge order on the
 * order list. The spec's words where it gives them (§4: 'expired/used' is `ordersQrExpiredOrUsed`,
 * rejected with its reason); the status names, amounts and times share the order list's keys;
 * refusals are the domain's `Messages`. The sandbox line (DESIGN.md §4) shows against a sandbox
 * server only and opens the server's sandbox distributor page, which is in English.
 */
export const rechargeDetail = {
  en: {
    rechargeDetailCardTitle: "Fuel card ····{last}",
    rechargeDetailNewCard: "New virtual card",
    rechargeDetailCardType: "Card type",
    rechargeDetailCardType_entity: "Entity card",
    rechargeDetailCardType_virtual: "Virtual card",
    rechargeDetailCardType_topUpReplacement: "Top-up replacement card",
    rechargeDetailCardLast: "Card (last 7 digits)",
    rechargeDetailCardNumber: "Card number",
    rechargeDetailNewCardPending: "Issued once the distributor settles the order",
    rechargeDetailTeam: "Team",
    rechargeDetailAmount: "Recharge amount",
    rechargeDetailRejected: "Reason for rejection: {reason}",
    rechargeDetailVoided: "This order was voided and cannot be used.",
    rechargeDetailQrTitle: "Recharge QR code",
    rechargeDetailQrHint: "Show this code at the station.",
    rechargeDetailQrMissing: "The QR code is not available yet.",
    rechargeDetailRegenerateConfirm: "Make a new QR code? The current one stops working and this page closes.",
    rechargeDetailRegenerateHint: "A new code can be made within {minutes} minutes of payment.",
    rechargeDetailOffline: "No network: showing the order as last loaded.",
    rechargeDetailSandboxSettle: "Sandbox: settle this order as the card distributor",
  },
  "zh-CN": {
    rechargeDetailCardTitle: "加油卡 ····{last}",
    rechargeDetailNewCard: "新办虚拟卡",
    rechargeDetailCardType: "卡类型",
    rechargeDetailCardType_entity: "实体卡",
    rechargeDetailCardType_virtual: "虚拟卡",
    rechargeDetailCardType_topUpReplacement: "补卡充值",
    rechargeDetailCardLast: "卡号后7位",
    rechargeDetailCardNumber: "卡号",
    rechargeDetailNewCardPending: "经销商处理后发放",
    rechargeDetailTeam: "车队",
    rechargeDetailAmount: "充值金额",
    rechargeDetailRejected: "驳回原因：{reason}",
    rechargeDetailVoided: "该订单已作废，无法使用。",
    rechargeDetailQrTitle: "充值二维码",
    rechargeDetailQrHint: "请在油站出示此二维码。",
    rechargeDetailQrMissing: "二维码暂未生成。",
    rechargeDetailRegenerateConfirm: "重新生成二维码？当前二维码将失效，页面随后关闭。",
    rechargeDetailRegenerateHint: "支付后{minutes}分钟内可重新生成二维码。",
    rechargeDetailOffline: "当前无网络：显示的是上次加载的订单。",
    rechargeDetailSandboxSettle: "沙箱：以加油卡经销商身份处理此订单",
  },
} as const;
