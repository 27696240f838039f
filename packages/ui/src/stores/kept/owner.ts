/**
 * Whose kept data this is: a fingerprint of the session's token. The token is the one thing the
 * device knows about the customer before any request (the user id needs `userinfo`, a round trip:
 * the very wait a kept copy saves), and one token belongs to one customer's sign-in, so data kept
 * under it can never show to another customer. Hashed so the secret is not written down twice;
 * collisions only matter between two sessions of the same device, and 53 bits make them moot.
 */
export const ownerOf = (token: string): string => {
  // cyrb53 (public domain): a fast 53-bit string hash, enough to tell sessions apart.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
};
