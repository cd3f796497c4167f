import { Button, List, Text } from '@mantine/core';
import {
  findIscnLine,
  KARYOTYPE_MAX,
  type KaryotypeCode,
  type KaryotypeReading as Reading,
  type Sex,
  translateMessage,
} from '@registry/shared';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMarkerLabels } from '../../components/genetics/marker-labels.ts';

interface KaryotypeReadingProps {
  readonly id: string;
  /** The text as typed (a pasted report may be longer than the reader reads). */
  readonly text: string;
  readonly reading: Reading | null;
  /** The karyotype names the other sex than the patient's, with no sex-chromosome change written. */
  readonly otherSex: Sex | null;
  /** Puts the ISCN line found inside a long paste in the field. */
  readonly onUseLine: (line: string) => void;
}

const warning = { display: 'flex', gap: 6, alignItems: 'flex-start' } as const;

/**
 * What the registry reads from the karyotype text as it is typed (the shared reader, the same the server
 * keeps): each abnormality as typed with what it shows and what it leaves unknown, the count of
 * abnormalities, complex and monosomal, and what was left unread; or why it could not read it, quoting
 * the text as typed, which still saves. A pasted report longer than the field keeps is not cut: the
 * reading says so and offers the ISCN line inside it. A karyotype of the other sex is said at once.
 * Announced politely as it changes.
 */
export function KaryotypeReading({ id, text, reading, otherSex, onUseLine }: KaryotypeReadingProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const labels = useMarkerLabels();
  const tooLong = text.trim().length > KARYOTYPE_MAX;
  const line = tooLong ? findIscnLine(text) : null;
  let body: React.ReactNode;
  if (!reading) {
    body = (
      <Text size="sm" c="dimmed">
        {t('geneticsPanel.reading.empty')}
      </Text>
    );
  } else if (tooLong) {
    body = (
      <>
        <Text size="sm" c="orange.9" style={warning}>
          <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
          {t('geneticsPanel.reading.tooLong', { length: text.trim().length, max: KARYOTYPE_MAX })}
        </Text>
        {line ? (
          <>
            <Text size="sm">{t('geneticsPanel.reading.lineFound')}</Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
            <Button size="compact-sm" variant="light" w="fit-content" onClick={() => onUseLine(line)}>
              {t('geneticsPanel.reading.useLine')}
            </Button>
          </>
        ) : (
          <Text size="sm">{t('geneticsPanel.reading.noLine')}</Text>
        )}
      </>
    );
  } else if (!reading.parsed) {
    body = (
      <>
        <Text size="sm" c="orange.9" style={warning}>
          <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
          {t('geneticsPanel.reading.unreadable')}
        </Text>
        {reading.message && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {translateMessage(language, reading.message, reading.params)}
          </Text>
        )}
      </>
    );
  } else {
    const yesNoUnknown = (value: boolean | null | undefined) => {
      if (value === null) {
        return t('geneticsPanel.reading.unknown');
      }
      return value ? t('patientCommon.yes') : t('patientCommon.no');
    };
    const traits = t('geneticsPanel.reading.traits', {
      abnormalities: t('geneticRisk.abnormalities', { count: reading.abnormalities }),
      complex: yesNoUnknown(reading.findings.complex),
      monosomal: yesNoUnknown(reading.findings.monosomal),
    });
    const describe = (shows: readonly KaryotypeCode[], unknown: readonly KaryotypeCode[]) => {
      const said = [
        shows.length > 0 ? t('geneticsPanel.reading.shows', { markers: labels.list(shows) }) : null,
        unknown.length > 0
          ? t('geneticsPanel.reading.leavesUnknown', { markers: labels.list(unknown) })
          : null,
      ].filter(Boolean);
      return said.length > 0 ? said.join('; ') : t('geneticsPanel.reading.nothingClassifying');
    };
    body = (
      <>
        <Text size="sm" style={warning}>
          <IconCircleCheck
            size={18}
            aria-hidden
            style={{ flex: 'none', color: 'var(--mantine-color-green-7)' }}
          />
          {traits}
        </Text>
        {reading.parts.length > 0 && (
          <List size="sm" spacing={2} aria-label={t('geneticsPanel.reading.parts')}>
            {reading.parts.map((part) => (
              <List.Item key={part.text} style={{ overflowWrap: 'anywhere' }}>
                <Text span size="sm" ff="monospace">
                  {part.text}
                </Text>
                {`: ${describe(part.shows, part.unknown)}`}
              </List.Item>
            ))}
          </List>
        )}
        {reading.unread.length > 0 && (
          <Text size="sm" c="orange.9" style={{ ...warning, overflowWrap: 'anywhere' }}>
            <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
            {t('geneticsPanel.reading.unread', { parts: reading.unread.join('; ') })}
          </Text>
        )}
      </>
    );
  }
  return (
    <div id={id} role="status" aria-live="polite" aria-label={t('geneticsPanel.reading.label')}>
      {body}
      {otherSex && (
        <Text size="sm" c="orange.9" style={warning} mt={4}>
          <IconAlertTriangle size={18} aria-hidden style={{ flex: 'none' }} />
          {t(`geneticsPanel.reading.otherSex.${otherSex}`)}
        </Text>
      )}
    </div>
  );
}
