import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error.tsx';
import { useFollowUpPreview } from '../api/get-follow-up-due.ts';
import { doctorName, LastKnownAlive, PatientLink } from './follow-up-row.tsx';

interface FollowUpPreviewProps {
  readonly isAdmin: boolean;
  /** Called when the user leaves for a patient or the full list (closes the menu's drawer). */
  readonly onNavigate: () => void;
}

/**
 * The follow-ups due in the menu's Notifications (docs/product-rules.md#outcomes): the oldest of the
 * caller's patients due for follow-up and a link to the full list. It reads the (audited) list only when
 * shown — when the user opens the notifications; the menu's badge counts without naming anyone.
 */
export function FollowUpPreview({ isAdmin, onNavigate }: FollowUpPreviewProps) {
  const { t } = useTranslation();
  const preview = useFollowUpPreview();
  const count = preview.data?.totalItems ?? 0;
  const leave = onNavigate;

  let content: ReactNode;
  if (preview.data) {
    content =
      preview.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('followUpDue.empty')}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('followUpDue.tableLabel')}
        >
          {preview.data.data.map((row) => (
            <Stack
              key={row.id}
              component="li"
              gap={2}
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <PatientLink row={row} onOpen={leave} />
              <LastKnownAlive row={row} />
              {isAdmin && (
                <Text size="xs" c="dimmed">
                  {t('followUpDue.doctor')}: {doctorName(row)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      );
  } else if (preview.isError) {
    content = (
      <ListError
        message={t('followUpDue.loadError')}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status" aria-busy aria-label={t('app.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="follow-up-preview-title">
      <Title order={3} size="h5" id="follow-up-preview-title">
        {t('followUpDue.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('followUpDue.description')}
      </Text>
      {content}
      {count > 0 && (
        <Button component={Link} to="/follow-up" onClick={leave} variant="light">
          {t('followUpDue.seeAll', { count })}
        </Button>
      )}
    </Stack>
  );
}
