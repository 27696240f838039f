import type { AppPorts } from "@fuel/adapters/ports";
import { I18nStore } from "../i18n/I18nStore.ts";
import { NavigationStore } from "./NavigationStore.ts";
import { NoticeStore } from "./NoticeStore.ts";
import { PasswordStore } from "./PasswordStore.ts";
import { SessionStore } from "./SessionStore.ts";
import { ActivationStore } from "./ActivationStore.ts";
import { BindPhoneStore } from "./BindPhoneStore.ts";
import { ForgotPasswordStore } from "./ForgotPasswordStore.ts";
import { SignInStore } from "./SignInStore.ts";
import { SmsCodeStore } from "./SmsCodeStore.ts";
import { SiteStore } from "./SiteStore.ts";
import { CityStore } from "./CityStore.ts";
import { StationsStore } from "./StationsStore.ts";
import { RouteStore } from "./RouteStore.ts";
import { FuelDraftStore } from "./FuelDraftStore.ts";
import { FuelOrderStore } from "./FuelOrderStore.ts";
import { OrderActionsStore } from "./orders/OrderActionsStore.ts";
import { OrderListStore } from "./orders/OrderListStore.ts";
import { OrderDetailStore } from "./orders/OrderDetailStore.ts";
import type { StoreKind } from "./storeKind.ts";

/**
 * One store per concern (DESIGN §6), built once from the ports by the composition root or a test.
 * Stores reach the outside only through `ports`, and each other only through what is passed here.
 */
export class RootStore {
  readonly i18n: I18nStore;
  readonly notices = new NoticeStore();
  readonly navigation = new NavigationStore();
  readonly session: SessionStore;
  readonly signIn: SignInStore;
  readonly smsCode: SmsCodeStore;
  readonly bindPhone: BindPhoneStore;
  readonly activation: ActivationStore;
  readonly forgotPassword: ForgotPasswordStore;
  readonly site: SiteStore;
  readonly passwords: PasswordStore;
  readonly city: CityStore;
  readonly stations: StationsStore;
  readonly route: RouteStore;
  readonly fuelDraft: FuelDraftStore;
  readonly fuelOrder: FuelOrderStore;
  readonly orderActions: OrderActionsStore;
  readonly orderList: OrderListStore;
  readonly orderDetail: OrderDetailStore;
  private readonly lazyStores = new Map<StoreKind<unknown>, unknown>();

  constructor(
    readonly ports: AppPorts,
    options: { readonly browserLanguages?: ReadonlyArray<string> } = {},
  ) {
    this.i18n = new I18nStore(ports.preferences, options.browserLanguages ?? []);
    this.session = new SessionStore(ports, this.i18n, this.notices, this.navigation);
    this.signIn = new SignInStore(ports, this.session, this.i18n, this.notices, this.navigation);
    this.smsCode = new SmsCodeStore(ports, this.i18n, this.notices);
    this.bindPhone = new BindPhoneStore(ports, this.session, this.i18n, this.notices, this.navigation);
    this.forgotPassword = new ForgotPasswordStore(ports, this.i18n, this.notices, this.navigation);
    this.site = new SiteStore(ports, this.i18n);
    this.activation = new ActivationStore(ports, this.session, this.site, this.i18n, this.notices, this.navigation);
    this.passwords = new PasswordStore(ports, this.i18n, this.notices, this.navigation);
    this.city = new CityStore(ports, this.i18n, this.notices, this.navigation);
    this.stations = new StationsStore(ports, this.city, this.i18n, this.notices, this.navigation);
    this.route = new RouteStore(ports, this.stations, this.city, this.i18n);
    this.fuelDraft = new FuelDraftStore(ports, this.stations, this.session, this.i18n, this.notices, this.navigation);
    this.fuelOrder = new FuelOrderStore(ports, this.fuelDraft, this.session, this.i18n, this.notices, this.navigation);
    this.orderActions = new OrderActionsStore(ports, this.session, this.i18n, this.notices, this.navigation);
    this.orderList = new OrderListStore(ports, this.orderActions, this.i18n, this.notices);
    this.orderDetail = new OrderDetailStore(ports, this.orderActions, this.i18n, this.notices);
  }

  /** The store of `kind`, built on first use and kept for the life of this root (./storeKind.ts). */
  use<T>(kind: StoreKind<T>): T {
    if (!this.lazyStores.has(kind)) this.lazyStores.set(kind, kind.build(this));
    return this.lazyStores.get(kind) as T;
  }
}
