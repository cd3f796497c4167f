import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { codeOPSchema, type Patient } from '@registry/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '../../../../components/conflict-alert.tsx';
import { isStaleVersion } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { serverMessage, translateRuntimeKey } from '../../../../lib/translate.ts';
import { useReloadPatient } from '../../api/get-patient.ts';
import { useUpdatePatient } from '../../api/update-patient.ts';

/** The input's text as the number the API stores; empty removes the code. */
function toCode(value: string | number): number | null {
  return value === '' ? null : Number(value);
}

interface CodeOPFormProps {
  readonly patient: Patient;
}

/**
 * The admin's code OP input (docs/product-rules.md#records): converted to a number and checked by the
 * shared schema; a code already taken reads 'The code belongs to an existent patient.', other failures
 * the server's message. A patient changed elsewhere (412) keeps the typed code and offers to reload.
 */
export function CodeOPForm({ patient }: CodeOPFormProps) {
  const { t } = useTranslation();
  const update = useUpdatePatient(patient.id);
  const reloadPatient = useReloadPatient(patient.id);
  const saved = patient.codeOP ?? null;
  const [value, setValue] = useState<string | number>(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  // A reloaded patient brings its own code.
  useEffect(() => {
    setValue(saved ?? '');
    setError(null);
  }, [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeOPSchema.safeParse(toCode(value));
    if (!parsed.success) {
      setError(translateRuntimeKey(t, parsed.error.issues[0]?.message, t('validation.positiveInteger')));
      return;
    }
    setError(null);
    setStale(false);
    update.mutate(
      { version: patient.version, input: { codeOP: parsed.data } },
      {
        onSuccess: () => notify('success', t('notify.successTitle'), t('patientFile.code.saved')),
        onError: (failed) => {
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
          <NumberInput
            label={t('patientFile.code.label')}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            error={error}
            allowDecimal={false}
            allowNegative={false}
            hideControls
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
            disabled={toCode(value) === saved}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('patientFile.code.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
