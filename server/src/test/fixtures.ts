import type { InstitutionType } from '@registry/shared';
import { hashPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/client.ts';
import { doctors, institutions, users } from '../db/schema.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const TEST_PASSWORD = 'Secret-pass1';
let passwordHash: Promise<string> | undefined;

/** Inserts an institution straight into the database. */
export async function insertInstitution(
  db: Queryable,
  values: { name?: string; code?: string; type?: InstitutionType; isActive?: boolean } = {},
) {
  const id = unique();
  const [row] = await db
    .insert(institutions)
    .values({
      name: values.name ?? `Hospital ${id}`,
      code: values.code ?? `H${id}`,
      type: values.type ?? 'Hospital',
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) {
    throw new Error('no institution inserted');
  }
  return row;
}

/** Inserts a user (an admin, or a doctor of an institution) with the password TEST_PASSWORD. */
export async function insertUser(
  db: Queryable,
  values: {
    email?: string;
    isAdmin?: boolean;
    isActive?: boolean;
    institutionId?: string;
    nickname?: string;
  } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = values.email ?? `user-${unique()}@example.org`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      nickname: values.nickname ?? email.split('@')[0] ?? 'user',
      passwordHash: await passwordHash,
      isAdmin: values.isAdmin ?? false,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!user) {
    throw new Error('no user inserted');
  }
  if (values.institutionId) {
    await db.insert(doctors).values({
      userId: user.id,
      institutionId: values.institutionId,
      firstName: 'Ana',
      lastName: 'García',
      gender: 'female',
    });
  }
  return user;
}
