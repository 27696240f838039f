import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectSuccess, get, post } from "./support.ts";

/** The sandbox sign-in walk of docs/api.md, end to end through the HTTP API only (plus invite codes from the operators' repository). */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

describe("the sandbox sign-in walk", () => {
  it("oauth code -> wechatauth (unbound) -> sendsms -> sandbox SMS -> check_captcha -> bindphone -> activacode/check -> user/info activated", async () => {
    const phone = "13912345678";
    const [invite] = await createInviteCodes(booted.db, 10, new Date(booted.clock.now()));

    const { code } = expectSuccess<{ code: string }>(await post(booted, "/api/sandbox/oauth/code", { nickname: "Li Wei" }));
    const auth = expectSuccess<{ unBindPhone: boolean; is_activated: boolean; info: { openid: string; name?: string } }>(
      await post(booted, "/api/wechatauth", { code }),
    );
    expect(auth).toMatchObject({ unBindPhone: true, is_activated: false, info: { name: "Li Wei" } });
    const openid = auth.info.openid;

    expectSuccess(await post(booted, "/api/sendsms", { phone }));
    const sms = expectSuccess<{ code: string }>(await get(booted, `/api/sandbox/sms?phone=${phone}`)).code;
    expectSuccess(await post(booted, "/api/check_captcha", { phone, captcha: sms, openid }));

    const session = expectSuccess<{ token: string; is_activated: boolean; info: { phone: string; openid: string } }>(
      await post(booted, "/api/bindphone", { phone, openid }),
    );
    expect(session).toMatchObject({ is_activated: false, info: { phone, openid } });
    const token = session.token;

    // Not activated yet: the user is signed in but not activated.
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", { token })).is_activated).toBe(false);

    const activated = await post(booted, "/api/activacode/check", { code: invite }, { token });
    expect(activated.json()).toMatchObject({ status: "success", data: null });

    const me = expectSuccess<Record<string, unknown>>(await get(booted, "/api/user/info", { token }));
    expect(me).toMatchObject({ phone, openid, name: "Li Wei", oauth_id: openid, is_activated: true });

    // The next messaging-app sign-in finds the bound, activated customer and signs straight in.
    const again = expectSuccess<{ code: string }>(await post(booted, "/api/sandbox/oauth/code", { openid }));
    const second = expectSuccess<{ unBindPhone: boolean; token: string; is_activated: boolean }>(
      await post(booted, "/api/wechatauth", { code: again.code }),
    );
    expect(second).toMatchObject({ unBindPhone: false, is_activated: true });
    expectSuccess(await get(booted, "/api/user/info", { token: second.token }));

    // Logout ends this session only.
    expectSuccess(await post(booted, "/api/logout", {}, { token }));
    expect((await get(booted, "/api/user/info", { token })).statusCode).toBe(401);
    expectSuccess(await get(booted, "/api/user/info", { token: second.token }));
  });
});
