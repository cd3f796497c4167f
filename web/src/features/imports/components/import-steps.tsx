import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { Import } from '@registry/shared';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The four steps of an import, as the screens name them. */
export const IMPORT_STEPS = ['file', 'mapping', 'check', 'apply'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** The step an import is at, by its state; `editing` the mapping of a checked import goes back to it. */
export function stepOf(entry: Pick<Import, 'status' | 'summary'>, editing: boolean): ImportStep {
  switch (entry.status) {
    case 'uploaded':
      return 'mapping';
    case 'checking':
    case 'checked':
      return editing ? 'mapping' : 'check';
    case 'failed':
      if (editing || !entry.summary) {
        return 'mapping';
      }
      return 'check';
    case 'applying':
    case 'applied':
    case 'undone':
      return 'apply';
  }
}

/**
 * Where the import stands: a numbered list of its steps, the current one marked for assistive technology
 * (`aria-current="step"`) and the ones done ticked.
 */
export function ImportSteps({ current }: { readonly current: ImportStep }) {
  const { t } = useTranslation();
  const at = IMPORT_STEPS.indexOf(current);
  return (
    <Group
      component="ol"
      gap="lg"
      p={0}
      m={0}
      mb="lg"
      aria-label={t('imports.steps.label')}
      style={{ listStyle: 'none' }}
    >
      {IMPORT_STEPS.map((step, index) => {
        const done = index < at;
        const active = index === at;
        let color = 'gray.7';
        if (done) {
          color = 'green.8';
        } else if (active) {
          color = 'brand.7';
        }
        return (
          <Group component="li" key={step} gap={8} wrap="nowrap" aria-current={active ? 'step' : undefined}>
            <ThemeIcon
              size={28}
              radius="xl"
              variant={active || done ? 'filled' : 'light'}
              color={color}
              aria-hidden
            >
              {done ? (
                <IconCheck size={16} />
              ) : (
                <Text size="sm" fw={700}>
                  {index + 1}
                </Text>
              )}
            </ThemeIcon>
            <Text size="sm" fw={active ? 700 : 500} c={active || done ? undefined : 'gray.7'}>
              {t(`imports.steps.${step}`)}
              {done && <VisuallyHidden> ({t('imports.steps.done')})</VisuallyHidden>}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
