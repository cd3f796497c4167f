import { Accordion, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  classifyEln2022,
  classifyEln2024,
  isBiobank,
  LANGUAGES,
  type Language,
  mayWrite,
  type Patient,
  seesAdminFields,
} from '@registry/shared';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientSlots } from '../../../../lib/patient-slots.tsx';
import { policyUserOf, useCurrentUser } from '../../../../lib/session.ts';
import { CourseSection } from './course-section.tsx';
import { DeathModal } from './death-modal.tsx';
import { DeathSection } from './death-section.tsx';
import { DemographySection } from './demography-section.tsx';
import { DiagnosticSection } from './diagnostic-section.tsx';
import { FollowUpModal } from './follow-up-modal.tsx';
import { HistorySection } from './history-section.tsx';
import { LabReportSection } from './lab-report-section.tsx';
import { LastChange } from './last-change.tsx';
import { PatientFileHeader } from './patient-file-header.tsx';
import print from './patient-print.module.css';
import { SamplesSection } from './samples-section.tsx';
import { type EditStep, SectionEditLink } from './section-edit-link.tsx';
import { TreatmentsSection } from './treatments-section.tsx';
import { usePrintExpanded, usePrintFrame } from './use-print-frame.ts';

type SectionKey =
  | 'demography'
  | 'samples'
  | 'diagnostic'
  | 'treatments'
  | 'course'
  | 'labReport'
  | 'death'
  | 'history';

interface Section {
  readonly key: SectionKey;
  /** The SPEC's number (§2): 01 demography … 06 death; the course and the history have none. */
  readonly number?: string;
  readonly step?: EditStep;
  readonly content: ReactNode;
}

const OPEN_AT_FIRST: readonly SectionKey[] = [
  'course',
  'demography',
  'samples',
  'diagnostic',
  'treatments',
  'labReport',
  'death',
];

interface PatientFileProps {
  readonly patient: Patient;
}

/**
 * The patient file (docs/product-rules.md#screens): its sections in an accordion, numbered as SPEC §2
 * numbers them whatever else the file shows; the course is an overview above them and the history closes
 * the file, neither numbered. Doctors get an edit
 * link on every section, record follow-up visits and record or change the death; admins edit only the lab
 * report (and the code OP).
 */
export function PatientFile({ patient }: PatientFileProps) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const [deathOpened, death] = useDisclosure(false);
  const [followUpOpened, followUp] = useDisclosure(false);
  const slots = usePatientSlots();
  const biobank = isBiobank(patient.institution.type);
  // Admins only look at the clinical records; they edit the lab report's NGS OP entry and the code OP.
  const clinical = mayWrite(policyUserOf(user), 'clinical', biobank);

  // The classifications in the screen's language, by the rules the server applies (its own answer is in
  // the language the file was read in, and the file is not read again when the language changes).
  const eln = useMemo(() => {
    const first = patient.diagnostics[0];
    const language = (LANGUAGES as readonly string[]).includes(i18n.language)
      ? (i18n.language as Language)
      : 'es';
    const firstLine = patient.treatments.find((treatment) => treatment.order === 1);
    return {
      eln2022: classifyEln2022(first?.dxSubType, first?.genetics, language),
      eln2024: classifyEln2024(
        first?.dxSubType,
        first?.genetics,
        { firstScheme: firstLine?.scheme ?? null, dxSecondary: first?.dxSecondary ?? null },
        language,
      ),
    };
  }, [patient.diagnostics, patient.treatments, i18n.language]);

  const sections: Section[] = [
    // Derived from the diagnostic and the treatments: edited there, not here.
    { key: 'course', content: <CourseSection patient={patient} /> },
    {
      key: 'demography',
      number: '01',
      step: 'demography',
      content: <DemographySection patient={patient} biobank={biobank} />,
    },
    { key: 'samples', number: '02', step: 'samples', content: <SamplesSection samples={patient.samples} /> },
    {
      key: 'diagnostic',
      number: '03',
      step: 'diagnostic',
      content: (
        <DiagnosticSection
          diagnostics={patient.diagnostics}
          biobank={biobank}
          eln={eln.eln2022}
          eln2024={eln.eln2024}
          labRiskLevel={patient.riskLevel}
        />
      ),
    },
    {
      key: 'treatments',
      number: '04',
      step: 'treatments',
      content: <TreatmentsSection treatments={patient.treatments} />,
    },
    {
      key: 'labReport',
      number: '05',
      step: 'lab-report',
      content: <LabReportSection riskLevel={patient.riskLevel} reports={patient.reports} user={user} />,
    },
  ];
  if (patient.deathDate) {
    sections.push({
      key: 'death',
      number: '06',
      content: <DeathSection patient={patient} onChange={clinical ? death.open : undefined} />,
    });
  }
  // Closed until asked for: who changed what and when.
  sections.push({ key: 'history', content: <HistorySection patientId={patient.id} /> });
  const editable = (section: Section) => section.step && (clinical || section.step === 'lab-report');

  // Printing opens every section of the record; the history is the trail of changes, not the record.
  const printed = sections.filter((section) => section.key !== 'history').map((section) => section.key);
  const [opened, setOpened] = usePrintExpanded(printed, OPEN_AT_FIRST);
  usePrintFrame(patient);

  return (
    <div className={print.file}>
      <PatientFileHeader
        patient={patient}
        withCodeOP={seesAdminFields(user)}
        onRecordDeath={clinical ? death.open : undefined}
        onRecordFollowUp={clinical ? followUp.open : undefined}
      />
      <LastChange patientId={patient.id} />
      {slots.FileSummary && (
        <Suspense fallback={null}>
          <slots.FileSummary patient={patient} />
        </Suspense>
      )}
      <Accordion
        multiple
        value={opened}
        onChange={setOpened}
        variant="separated"
        radius="md"
        order={2}
        aria-label={t('patientFile.sectionsLabel')}
      >
        {sections.map((section) => {
          const title = t(`patientFile.sections.${section.key}`);
          return (
            <Accordion.Item
              key={section.key}
              value={section.key}
              className={section.key === 'history' ? print.screenOnly : undefined}
            >
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  {section.number && (
                    <Text ff="monospace" fw={700} c="brand.8">
                      {section.number}
                    </Text>
                  )}
                  <Text fw={600}>{title}</Text>
                </Group>
              </Accordion.Control>
              {/* A closed section stays in the page, hidden by a style that printing overrides; the history
                  loads only when opened. */}
              <Accordion.Panel keepMountedMode={section.key === 'history' ? 'activity' : 'display-none'}>
                {editable(section) && section.step && (
                  <Group justify="flex-end" mb="sm" className={print.screenOnly}>
                    <SectionEditLink patientId={patient.id} step={section.step} section={title} />
                  </Group>
                )}
                {/* The course is derived from the other sections: its queries sit where its dates are typed. */}
                {slots.FileSection && section.key !== 'history' && section.key !== 'course' && (
                  <Suspense fallback={null}>
                    <slots.FileSection patient={patient} section={section.key} title={title} />
                  </Suspense>
                )}
                {section.content}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {clinical && <DeathModal patient={patient} opened={deathOpened} onClose={death.close} />}
      {clinical && <FollowUpModal patient={patient} opened={followUpOpened} onClose={followUp.close} />}
    </div>
  );
}
