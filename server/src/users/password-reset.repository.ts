import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { passwordResetCodes } from '../db/schema.ts';

export function createPasswordResetRepository(db: Queryable) {
  return {
    /** Voids every code of the user that is still open (a newer request replaces them). */
    async voidOpenCodes(userId: string, now: Date): Promise<void> {
      await db
        .update(passwordResetCodes)
        .set({ voidedAt: now })
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            isNull(passwordResetCodes.usedAt),
            isNull(passwordResetCodes.voidedAt),
          ),
        );
    },

    /** How many codes the user was given since a moment (the per-account cap). */
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(passwordResetCodes)
        .where(and(eq(passwordResetCodes.userId, userId), gt(passwordResetCodes.createdAt, since)));
      return Number(row?.n ?? 0);
    },

    async insert(values: {
      userId: string;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(passwordResetCodes).values(values);
    },

    /** The user's newest code that was neither used nor voided, or null. */
    async findOpen(userId: string) {
      const [row] = await db
        .select()
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            isNull(passwordResetCodes.usedAt),
            isNull(passwordResetCodes.voidedAt),
          ),
        )
        .orderBy(desc(passwordResetCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Counts a wrong try in one statement, so that tries sent at the same time all count; the try
     * that reaches the limit voids the code. A code already used or voided stays as it is.
     */
    async recordWrongTry(id: string, maxTries: number, now: Date): Promise<void> {
      await db
        .update(passwordResetCodes)
        .set({
          attempts: sql`${passwordResetCodes.attempts} + 1`,
          voidedAt: sql`case when ${passwordResetCodes.attempts} + 1 >= ${maxTries} then ${now} else ${passwordResetCodes.voidedAt} end`,
        })
        .where(
          and(
            eq(passwordResetCodes.id, id),
            isNull(passwordResetCodes.usedAt),
            isNull(passwordResetCodes.voidedAt),
          ),
        );
    },

    /**
     * Uses the code if it is still open and unexpired; false when another request got there first.
     * The check and the write are one statement, so a code works exactly once.
     */
    async claim(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetCodes.id, id),
            isNull(passwordResetCodes.usedAt),
            isNull(passwordResetCodes.voidedAt),
            gt(passwordResetCodes.expiresAt, now),
          ),
        )
        .returning({ id: passwordResetCodes.id });
      return rows.length === 1;
    },
  };
}
