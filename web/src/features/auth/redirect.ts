/**
 * After a sign-in, the user goes back to where they were (docs/product-rules.md#sessions): the sign-in
 * address carries it as `?redirect=`. Only a path of this app is followed, never another site's address.
 */

const SIGN_IN = '/auth/login';

/** The sign-in address that returns to `from` (a path with its query) once signed in. */
export function signInPath(from: string): string {
  return isReturnable(from) && from !== '/' ? `${SIGN_IN}?redirect=${encodeURIComponent(from)}` : SIGN_IN;
}

/** Where the sign-in of the address with this query returns to: its `redirect`, when it is ours, else `/`. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && isReturnable(target) ? target : '/';
}

/** A path of this app that is not one of the sign-in screens: `/x`, not `//host`, `/\host` or `http:`. */
function isReturnable(path: string): boolean {
  return /^\/(?![/\\])/.test(path) && !path.startsWith('/auth/');
}
