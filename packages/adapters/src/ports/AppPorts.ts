import type { ApiCaller, ApiGateways } from "./Api.ts";
import type { Clock } from "./Clock.ts";
import type { Geocoder, Geolocation, Navigator, RoutePlanner } from "./Map.ts";
import type { PaymentBridge } from "./PaymentBridge.ts";
import type { TokenStore } from "./TokenStore.ts";
import type { Browser } from "./Browser.ts";
import type { KeyValueStore } from "./KeyValueStore.ts";
import type { Documents } from "./Documents.ts";
import type { SignInProvider } from "./SignInProvider.ts";

/**
 * Everything the app's stores may reach outside themselves, in one bundle: the composition root
 * (`packages/ui/src/main.tsx`) builds it once, tests build it from `@fuel/adapters/testing`.
 */
export interface AppPorts extends ApiGateways {
  /** The raw caller, for the sandbox endpoints a sandbox screen uses. */
  readonly api: ApiCaller;
  readonly tokens: TokenStore;
  readonly clock: Clock;
  readonly geolocation: Geolocation;
  readonly geocoder: Geocoder;
  readonly routes: RoutePlanner;
  readonly navigator: Navigator;
  readonly payment: PaymentBridge;
  /** Where the messaging app's authorization starts. */
  readonly signIn: SignInProvider;
  /** Values kept across visits (language, city, SMS resend deadlines). */
  readonly preferences: KeyValueStore;
  /** Values kept for this tab only (the OAuth `state`, spec §4). */
  readonly tabValues: KeyValueStore;
  readonly browser: Browser;
  /** The customer's documents behind their token (an invoice's PDF, issue 35). */
  readonly documents: Documents;
  /**
   * A new key for one user action (a tap on "pay"), sent as `CallOptions.idempotencyKey` with every
   * retry of that action so the server answers the first order instead of making a second.
   */
  newActionKey(): string;
}
