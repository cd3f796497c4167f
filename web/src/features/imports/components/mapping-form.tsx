import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { CodeGuesser, Import } from '@registry/shared';
import { IconAlertCircle, IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useCheckImport } from '../api/check-import.ts';
import { useSaveMapping } from '../api/save-mapping.ts';
import {
  canSave,
  codedColumns,
  draftOf,
  draftProblems,
  type MappingDraft,
  mappingBody,
  withCode,
  withVariable,
} from '../mapping/draft.ts';
import { type MappingFieldErrors, mappingFieldErrors, NO_FIELD_ERRORS } from '../mapping/server-fields.ts';
import { type Codebook, variableGroups } from '../mapping/variables.ts';
import { ColumnsTable } from './columns-table.tsx';
import { DoctorChoice } from './doctor-choice.tsx';
import { FileReading } from './file-reading.tsx';
import { ReadingOptions } from './reading-options.tsx';
import { useVariableWords } from './use-variable-words.ts';
import { ValuesTable } from './values-table.tsx';

interface MappingFormProps {
  readonly entry: Import;
  readonly codebook: Codebook;
  /** The upload's guessing of codes, for a column mapped by hand (`useCodeGuesser`). */
  readonly guessCodes: CodeGuesser;
  readonly isAdmin: boolean;
  /** The mapping is saved and the check has started. */
  readonly onChecking: () => void;
  /** Back to the check's results, the mapping as it was (offered when the import was checked). */
  readonly onCancel?: () => void;
}

/** A refused save: its messages by place, or one message for the whole form. */
function refusalOf(error: unknown, fallback: string): { fields: MappingFieldErrors; message: string | null } {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    return { fields: mappingFieldErrors(error.fields), message: null };
  }
  return { fields: NO_FIELD_ERRORS, message: serverMessage(error, fallback) };
}

/**
 * The mapping (CONTRACT §14): how the file reads, for whom (an admin), each column's variable and each
 * coded value's code, all chosen once for the file. Saving it starts the check, which writes nothing.
 */
export function MappingForm({
  entry,
  codebook,
  guessCodes,
  isAdmin,
  onChecking,
  onCancel,
}: MappingFormProps) {
  const { t } = useTranslation();
  const words = useVariableWords();
  const [draft, setDraft] = useState<MappingDraft>(() => draftOf(entry));
  const save = useSaveMapping();
  const check = useCheckImport();
  const [refusal, setRefusal] = useState<{ fields: MappingFieldErrors; message: string | null } | null>(null);
  const [tried, setTried] = useState(false);

  // The picker's variables change only with the variables mapped (a new treatment's number).
  const mappedKey = Object.values(draft.columns).filter(Boolean).join('|');
  const groups = useMemo(
    () => variableGroups(codebook, mappedKey.split('|').filter(Boolean), isAdmin, words.groups),
    [codebook, mappedKey, isAdmin, words.groups],
  );
  const coded = codedColumns(entry, draft, codebook);
  const problems = draftProblems(draft, coded, isAdmin);
  const fields = refusal?.fields ?? NO_FIELD_ERRORS;
  const busy = save.isPending || check.isPending;

  const update = (next: MappingDraft) => {
    setDraft(next);
    setRefusal(null);
  };
  const refused = (error: unknown) => setRefusal(refusalOf(error, t('imports.mapping.saveFailed')));
  const submit = () => {
    setTried(true);
    if (!canSave(problems)) {
      return;
    }
    save.mutate(
      { importId: entry.id, mapping: mappingBody(draft, coded) },
      {
        onSuccess: () => check.mutate(entry.id, { onSuccess: onChecking, onError: refused }),
        onError: refused,
      },
    );
  };
  const reread = (change: { readonly sheet?: string; readonly headerRow: number }) =>
    save.mutate(
      { importId: entry.id, mapping: { ...mappingBody(draft, coded), ...change } },
      { onError: refused },
    );

  const blocking = [
    problems.noIdentification && t('imports.mapping.noIdentification'),
    problems.repeated.size > 0 && t('imports.mapping.repeated'),
    problems.noDoctor && t('imports.mapping.noDoctor'),
  ].filter((text): text is string => Boolean(text));

  return (
    <Stack gap="lg">
      <FileReading
        entry={entry}
        onReread={reread}
        rereading={save.isPending && !check.isPending}
        error={fields.reading}
      />
      {isAdmin && (
        <DoctorChoice
          columns={entry.columns}
          doctorId={draft.doctorId ?? null}
          doctorColumn={draft.doctorColumn ?? null}
          onChange={(choice) =>
            // The column of the doctors' emails is read for that alone: it goes to no variable.
            update({
              ...(choice.doctorColumn === null ? draft : withVariable(draft, choice.doctorColumn, null)),
              ...choice,
            })
          }
          error={fields.doctor ?? (tried && problems.noDoctor ? t('imports.mapping.noDoctor') : undefined)}
        />
      )}
      <ReadingOptions
        dateFormat={draft.dateFormat}
        decimal={draft.decimal}
        blank={draft.blank}
        onChange={(change) => update({ ...draft, ...change })}
        errors={fields}
      />
      <ColumnsTable
        entry={entry}
        draft={draft}
        groups={groups}
        repeated={problems.repeated}
        errors={fields.columns}
        onChange={(index, variable) => {
          // A column mapped by hand gets its values' codes guessed as the upload guesses them, to confirm.
          const values = entry.columns.find((column) => column.index === index)?.values ?? [];
          update(withVariable(draft, index, variable, variable ? guessCodes(variable, values) : {}));
        }}
      />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('imports.values.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {coded.length > 0 ? t('imports.values.hint') : t('imports.values.noCoded')}
          </Text>
          {coded.map((entryOfColumn) => (
            <ValuesTable
              key={entryOfColumn.column.index}
              coded={entryOfColumn}
              label={codebook.label(entryOfColumn.variable)}
              errors={fields.values[entryOfColumn.variable] ?? []}
              onChange={(source, code) => update(withCode(draft, entryOfColumn.variable, source, code))}
            />
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          {blocking.length > 0 && (
            <Alert
              color={tried ? 'red' : 'yellow'}
              variant="light"
              title={t('imports.mapping.beforeCheck')}
              icon={<IconAlertCircle aria-hidden />}
              role={tried ? 'alert' : undefined}
            >
              <List size="sm">
                {blocking.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {problems.unmapped > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {t('imports.mapping.unmappedValues', { count: problems.unmapped })}
            </Alert>
          )}
          {refusal && (refusal.message || refusal.fields.other.length > 0) && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              title={t('imports.mapping.refused')}
              icon={<IconAlertCircle aria-hidden />}
            >
              <List size="sm">
                {[refusal.message, ...refusal.fields.other].filter(Boolean).map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {refusal && !refusal.message && refusal.fields.other.length === 0 && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {t('imports.mapping.fixMarked')}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" maw={560}>
              {t('imports.mapping.checkHint')}
            </Text>
            <Group gap="sm">
              {onCancel && (
                <Button variant="default" onClick={onCancel} disabled={busy}>
                  {t('imports.mapping.cancel')}
                </Button>
              )}
              <Button onClick={submit} loading={busy} rightSection={<IconArrowRight size={16} aria-hidden />}>
                {t('imports.mapping.saveAndCheck')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
