import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

/**
 * The sandbox channels' keys, generated once per process at first use, or handed over by the
 * primary of a cluster (src/cluster/sandboxSync.ts) so every worker signs and checks with the same keys (DESIGN.md §4: the sandbox
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

/** The key material as text, to hand to other processes (a cluster's primary to its workers, over IPC). */
export interface SharedSandboxKeys {
  readonly merchantPrivateKeyPem: string;
  readonly platformPrivateKeyPem: string;
  readonly apiV3Key: string;
}

/** This process's material (made now if it has none yet), as text. */
export const exportSandboxKeys = (): SharedSandboxKeys => {
  const m = sandboxKeyMaterial();
  const pem = (key: KeyObject): string => key.export({ type: "pkcs8", format: "pem" }).toString();
  return { merchantPrivateKeyPem: pem(m.merchantPrivateKey), platformPrivateKeyPem: pem(m.platformPrivateKey), apiV3Key: m.apiV3Key };
};

/**
 * Makes `keys` this process's material, before any sandbox channel is built: a pay sheet signed
 * by one worker and a notification checked by another must agree. Refused once material is in use.
 */
export const adoptSandboxKeys = (keys: SharedSandboxKeys): void => {
  if (material !== undefined) throw new Error("the sandbox keys are already in use in this process");
  const merchantPrivateKey = createPrivateKey(keys.merchantPrivateKeyPem);
  const platformPrivateKey = createPrivateKey(keys.platformPrivateKeyPem);
  material = {
    merchantPrivateKey,
    merchantPublicKey: createPublicKey(merchantPrivateKey),
    platformPrivateKey,
    platformPublicKey: createPublicKey(platformPrivateKey),
    apiV3Key: keys.apiV3Key,
  };
};

/**
 * 16 hex digits naming this process's material without revealing it (public keys and a hash of the
 * v3 key): a cluster's workers log it, so anyone can see that they sign and check alike.
 */
export const sandboxKeyFingerprint = (): string => {
  const m = sandboxKeyMaterial();
  const hash = createHash("sha256");
  for (const key of [m.merchantPublicKey, m.platformPublicKey]) hash.update(key.export({ type: "spki", format: "der" }));
  return hash.update(m.apiV3Key).digest("hex").slice(0, 16);
};
