import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../lib/api-error.ts';
import '../lib/dayjs-language.ts';
import { i18n } from '../lib/i18n.ts';
import { cssVariablesResolver, theme } from './theme.ts';

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
