import { dataOf, type User, userSchema } from '@registry/shared';
import { api } from '../../../lib/api-client.ts';

/** The signed-in user. Loaded on demand (see me.ts): a signed-out visitor never needs it. */
export async function getMe(): Promise<User> {
  return (await api('/users/me', dataOf(userSchema))).data;
}
