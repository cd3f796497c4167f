import { tokenStore } from '../../../lib/storage.ts';

/**
 * Starts a session a sign-in answered: stores the token, then loads the user with it; without the user,
 * the token is forgotten again and the failure goes to the caller. Used by the app (start-session.ts) and
 * by the light sign-in page, which has no query cache (app/sign-in-app.tsx).
 */
export async function keepTokenWithUser<T>(token: string, loadUser: () => Promise<T>): Promise<T> {
  tokenStore.set(token);
  try {
    return await loadUser();
  } catch (error) {
    tokenStore.clear();
    throw error;
  }
}
