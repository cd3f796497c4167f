import type { PolicyUser, User } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';

/** The query key under which the signed-in user is cached. */
export const meQueryKey = ['users', 'me'] as const;

/** The signed-in user; only for screens shown behind the signed-in guard. */
export function useCurrentUser(): User {
  const user = useQueryClient().getQueryData<User>(meQueryKey);
  if (!user) {
    throw new Error('useCurrentUser used outside a signed-in screen');
  }
  return user;
}

/** A user as the shared patient policy sees them: a doctor is a user with a doctor record. */
export function policyUserOf(user: User): PolicyUser {
  return { isAdmin: user.isAdmin, isDoctor: user.doctor !== null };
}
