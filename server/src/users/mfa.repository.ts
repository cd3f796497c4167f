import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, users } from '../db/schema.ts';

export type ChallengePurpose = 'verify' | 'enrol';

/** The second factor's secrets, recovery codes and sign-in challenges. */
export function createMfaRepository(db: Queryable) {
  return {
    /** A user's secrets and the last step accepted, or null. */
    async findSecrets(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          secret: users.totpSecret,
          pendingSecret: users.totpPendingSecret,
          lastStep: users.totpLastStep,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async setPendingSecret(userId: string, secret: string): Promise<void> {
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
    },

    /**
     * Turns the second factor on with the pending secret, and keeps the step of its first code: one
     * conditional statement, so that of two enables with the same code only one wins (answers false
     * for the other, whose factor is already on, or whose pending secret changed).
     */
    async enable(userId: string, secret: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          totpSecret: secret,
          totpPendingSecret: null,
          totpEnabledAt: now,
          totpLastStep: step,
          updatedAt: now,
        })
        .where(and(eq(users.id, userId), isNull(users.totpSecret), eq(users.totpPendingSecret, secret)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async disable(userId: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({
          totpSecret: null,
          totpPendingSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    },

    /**
     * Records the step of an accepted code, only if it is later than the last one: answers false when
     * another request used this code (or a later one) first.
     */
    async advanceStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async replaceRecoveryCodes(userId: string, hashes: readonly string[]): Promise<void> {
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends an unused recovery code: answers false when there is none with this hash. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async insertChallenge(values: {
      userId: string;
      tokenHash: string;
      purpose: ChallengePurpose;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },

    /** A live challenge of this purpose behind a token hash, or null. */
    async findChallenge(tokenHash: string, purpose: ChallengePurpose, now: Date) {
      const [row] = await db
        .select({ id: mfaChallenges.id, userId: mfaChallenges.userId })
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            eq(mfaChallenges.purpose, purpose),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /** Ends every pending sign-in step of a user. */
    async voidChallenges(userId: string, now: Date): Promise<void> {
      await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.userId, userId), isNull(mfaChallenges.usedAt)));
    },

    /** Spends a challenge once: answers false when it was spent already. */
    async spendChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length > 0;
    },
  };
}
export type MfaRepository = ReturnType<typeof createMfaRepository>;
