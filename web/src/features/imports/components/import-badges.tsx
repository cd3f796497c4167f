import { Badge } from '@mantine/core';
import type { ImportAction, ImportStatus } from '@registry/shared';
import { useTranslation } from 'react-i18next';

/**
 * The dot carries the colour and the text stays dark: Mantine's light colours are too pale for small text
 * on white (WCAG AA), as in the app's other status badges.
 */
const STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'gray.6',
  checking: 'blue.7',
  checked: 'cyan.7',
  applying: 'blue.7',
  applied: 'green.7',
  failed: 'red.7',
  undone: 'dark.4',
};

const ACTION_COLORS: Record<ImportAction, string> = {
  new: 'green.7',
  update: 'blue.7',
  unchanged: 'gray.6',
  refused: 'red.7',
  conflict: 'orange.7',
};

export function ImportStatusBadge({ status }: { readonly status: ImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} size="md" tt="none" miw="max-content">
      {t(`imports.status.${status}`)}
    </Badge>
  );
}

export function ImportActionBadge({ action }: { readonly action: ImportAction }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={ACTION_COLORS[action]} size="md" tt="none" miw="max-content">
      {t(`imports.action.${action}`)}
    </Badge>
  );
}
