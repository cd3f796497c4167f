/**
 * Every browser storage key of the app in one place (docs/product-rules.md#constants). The token lives in
 * session storage, so it dies with the tab; filters and the language in local storage.
 */
export const STORAGE_KEYS = {
  token: 'token',
  language: 'language',
  lastPagePatients: 'lastPagePatients',
  lastPageUsers: 'lastPageUsers',
  lastPageInstitutions: 'lastPageInstitutions',
  lastPageFollowUp: 'lastPageFollowUp',
  patientFilters: 'patient_filters',
  userFilters: 'user-filters',
  reloadedForNewVersion: 'reloadedForNewVersion',
} as const;

const tokenListeners = new Set<() => void>();
const notifyToken = () => {
  for (const listener of tokenListeners) {
    listener();
  }
};

/** The session token, observable so that the session state follows sign-in and sign-out at once. */
export const tokenStore = {
  get: (): string | null => sessionStorage.getItem(STORAGE_KEYS.token),
  set: (token: string) => {
    sessionStorage.setItem(STORAGE_KEYS.token, token);
    notifyToken();
  },
  clear: () => {
    sessionStorage.removeItem(STORAGE_KEYS.token);
    notifyToken();
  },
  subscribe: (listener: () => void) => {
    tokenListeners.add(listener);
    return () => {
      tokenListeners.delete(listener);
    };
  },
};

/**
 * What sign-out forgets (docs/product-rules.md#accounts): the token, the remembered pages and the stored
 * filters (and, in features/auth/api/logout.ts, the drafts of unsaved forms).
 */
export function clearSessionStorage(): void {
  tokenStore.clear();
  for (const key of [
    STORAGE_KEYS.lastPagePatients,
    STORAGE_KEYS.lastPageUsers,
    STORAGE_KEYS.lastPageInstitutions,
  ]) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
  localStorage.removeItem(STORAGE_KEYS.patientFilters);
  localStorage.removeItem(STORAGE_KEYS.userFilters);
}
