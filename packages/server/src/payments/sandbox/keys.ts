import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

/**
 * The sandbox channels' keys, generated once per process at first use (DESIGN.md §4: the sandbox
 * signs and encrypts for real, with keys nobody else has). The sandbox plays both sides, so it holds
 * the platform's private key too; production never has it.
 */
export interface SandboxKeyMaterial {
  readonly merchantPrivateKey: KeyObject;
  readonly merchantPublicKey: KeyObject;
  readonly platformPrivateKey: KeyObject;
  readonly platformPublicKey: KeyObject;
  readonly apiV3Key: string;
}

let material: SandboxKeyMaterial | undefined;

const pair = () => generateKeyPairSync("rsa", { modulusLength: 2048 });

export const sandboxKeyMaterial = (): SandboxKeyMaterial => {
  if (material === undefined) {
    const merchant = pair();
    const platform = pair();
    material = {
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      // 32 bytes of UTF-8, as the channel's API v3 key is.
      apiV3Key: randomBytes(24).toString("base64url"),
    };
  }
  return material;
};
