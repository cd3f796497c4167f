/**
 * Per-address limits on the calls an attacker would hammer (docs/product-rules.md#accounts), answered
 * with 429 and Retry-After. Generous, because a hospital's network puts many users behind one address;
 * the per-email lockout is what stops guessing one account.
 */
export const RATE_LIMITS = {
  login: { max: 100, timeWindow: '15 minutes' },
  resetRequest: { max: 20, timeWindow: '15 minutes' },
  resetConfirm: { max: 50, timeWindow: '15 minutes' },
} as const;
