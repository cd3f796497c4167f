import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  MantineProvider,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../lib/api-error.ts';
import { i18n } from '../lib/i18n.ts';

/**
 * The brand orange. Shades 7–9 are darker than Mantine's own orange so that white text on a filled
 * button and orange links on white pass WCAG AA contrast (4.5:1).
 */
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#f76707',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
  components: {
    Select: { defaultProps: { maxDropdownHeight: 300 } },
    MultiSelect: { defaultProps: { maxDropdownHeight: 300 } },
    Autocomplete: { defaultProps: { maxDropdownHeight: 300 } },
  },
});

/** Mantine's 'dimmed' grey and error red are too light for small text on white; darker shades pass AA. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request (4xx) will not succeed by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

interface ProvidersProps {
  readonly children: ReactNode;
  readonly queryClient?: QueryClient;
  /** 'test' turns off transitions and portals' delays, for component tests. */
  readonly env?: 'default' | 'test';
}

export function Providers({ children, queryClient = createQueryClient(), env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <Notifications position="top-right" autoClose={5000} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
