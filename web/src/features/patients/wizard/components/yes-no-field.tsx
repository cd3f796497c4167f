import { Group, Radio } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface YesNoFieldProps {
  readonly label: string;
  readonly value: boolean;
  readonly onChange: (value: boolean) => void;
  readonly name: string;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly error?: string;
  /** A single option instead of yes / no: the biobank's consent 'Bio Banco', which means yes. */
  readonly onlyYes?: string;
}

/** A yes / no question as two radios (keyboard: arrows move between them). */
export function YesNoField({ label, value, onChange, name, inputRef, error, onlyYes }: YesNoFieldProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={label}
      name={name}
      value={value ? 'yes' : 'no'}
      onChange={(choice) => onChange(choice === 'yes')}
      error={error}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={onlyYes ?? t('wizardOptions.yes')} ref={inputRef} />
        {!onlyYes && <Radio value="no" label={t('wizardOptions.no')} />}
      </Group>
    </Radio.Group>
  );
}
