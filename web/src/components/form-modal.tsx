import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModalForm } from '../lib/use-modal-form.ts';
import { ConflictAlert } from './conflict-alert.tsx';

interface FormModalProps {
  readonly title: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** What `useModalForm` answered: the submit, the failure and the conflict. */
  readonly modal: Pick<ModalForm, 'onSubmit' | 'failure' | 'stale' | 'clear'>;
  /** The write: the save button spins while it runs; closing the modal forgets it. */
  readonly mutation: { readonly isPending: boolean; readonly reset: () => void };
  /** The failure's title above the server's text. */
  readonly failedTitle: string;
  readonly submitLabel: string;
  /** Mantine's size or a width in pixels; 'md' unless told. */
  readonly size?: ModalProps['size'];
  /** For a write that names the patient's version: reads the patient again after a conflict (412). */
  readonly onReload?: () => Promise<void>;
  /** Save waits for a change where the modal edits what there already is. */
  readonly canSubmit?: boolean;
  readonly children: ReactNode;
}

/**
 * The frame of every modal form: the title (also the form's name), the conflict alert, the failure above
 * the fields, then cancel and save. It closes on Escape, the overlay, the cross or cancel, and forgets the
 * failure and the write then; the save chain is `useModalForm`'s.
 */
export function FormModal({
  title,
  opened,
  onClose,
  modal,
  mutation,
  failedTitle,
  submitLabel,
  size = 'md',
  onReload,
  canSubmit = true,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  const close = () => {
    modal.clear();
    mutation.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      size={size}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={modal.onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {modal.stale && onReload && <ConflictAlert onReload={onReload} />}
          {modal.failure && (
            <Alert color="red" variant="light" title={failedTitle} icon={<IconAlertCircle aria-hidden />}>
              {modal.failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!canSubmit}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
