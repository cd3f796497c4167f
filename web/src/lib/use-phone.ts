import { useMediaQuery } from '@mantine/hooks';

/** Below 600 px wide: lists become cards (docs/product-rules.md#screens). */
export const PHONE_QUERY = '(max-width: 599px)';

/** Whether the screen is a phone's; false until the browser has answered. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
