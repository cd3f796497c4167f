import { Button, Group, Stack, TextInput } from '@mantine/core';
import { codeOPTextSchema, type Patient } from '@registry/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { isStaleVersion } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage, translateRuntimeKey } from '../../../../lib/translate.ts';
import { useReloadPatient } from '../../api/get-patient.ts';
import { useUpdatePatient } from '../../api/update-patient.ts';

interface CodeOPFormProps {
  readonly patient: Patient;
}

/**
 * The admin's code OP input (docs/product-rules.md#records): the text checked by the shared rule, which
 * refuses anything but a positive whole number with a message; removing a code is asked first. A code
 * already taken reads 'The code belongs to an existent patient.', other failures
 * the server's message. A patient changed elsewhere (412) keeps the typed code and offers to reload.
 */
export function CodeOPForm({ patient }: CodeOPFormProps) {
  const { t } = useTranslation();
  const update = useUpdatePatient(patient.id);
  const reloadPatient = useReloadPatient(patient.id);
  const saved = patient.codeOP ?? null;
  const [value, setValue] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);

  // A reloaded patient brings its own code.
  useEffect(() => {
    setValue(saved === null ? '' : String(saved));
    setError(null);
  }, [saved]);

  const parsed = codeOPTextSchema.safeParse(value);
  const unchanged = parsed.success && parsed.data === saved;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setError(translateRuntimeKey(t, parsed.error.issues[0]?.message, t('validation.positiveInteger')));
      return;
    }
    if (parsed.data === null && saved !== null) {
      setConfirmingRemoval(true);
      return;
    }
    send(parsed.data);
  };

  const send = (codeOP: number | null) => {
    setError(null);
    setStale(false);
    update.mutate(
      { version: patient.version, input: { codeOP } },
      {
        onSuccess: () => {
          setConfirmingRemoval(false);
          notify(
            'success',
            t('notify.successTitle'),
            codeOP === null ? t('codeOp.removed') : t('patientFile.code.saved'),
          );
        },
        onError: (failed) => {
          setConfirmingRemoval(false);
          if (isStaleVersion(failed)) {
            setStale(true);
            return;
          }
          setError(serverMessage(failed, t('patientFile.code.failed')));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('patientFile.code.label')}>
      <Stack gap="xs">
        {stale && <ConflictAlert onReload={() => reloadPatient().then(() => setStale(false))} />}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t('patientFile.code.label')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            inputMode="numeric"
            autoComplete="off"
            leftSection="AL-OP#"
            leftSectionWidth={64}
            styles={{
              section: { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dimmed)' },
            }}
            // Up to 200px, narrower where a phone has no room beside the button.
            style={{ flex: '0 1 200px', minWidth: 0 }}
          />
          <Button
            type="submit"
            mt={25}
            style={{ flexShrink: 0 }}
            loading={update.isPending}
            disabled={unchanged}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('patientFile.code.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmingRemoval}
        title={t('codeOp.removeTitle')}
        message={t('codeOp.removeMessage', { code: saved })}
        loading={update.isPending}
        onConfirm={() => send(null)}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </form>
  );
}
