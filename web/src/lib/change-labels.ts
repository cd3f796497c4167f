import {
  type DiagnosticField,
  type DrugField,
  type LabReportField,
  type SampleField,
  splitOther,
  type TreatmentField,
} from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from './dates.ts';
import { translateRuntimeKey } from './translate.ts';

/**
 * How the audit trail's entries read on screen (docs/api-patients.md, "History"): each action, field and
 * stored value in the user's language, with the labels the patient file and the wizard use, never a
 * column name or a code.
 */

/** Each field of a record (`@registry/shared` record-fields.ts) with its label, and the record's own. */
type RecordLabels<F extends string> = Record<F, string> & Record<string, string>;

/**
 * The label of each field an entry may change, by the kind of record it belongs to (their keys are
 * tested): every field of a record has one (the typecheck names a field without), and another entry's
 * field not named here takes the patient file's label of the same name, if there is one.
 */
export const FIELD_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  patient: {
    identification: 'wizard.demography.identification',
    codeOP: 'patientList.columns.codeOP',
    riskLevel: 'patientFile.fields.labRiskLevel',
    deathDate: 'patientFile.fields.deathDate',
    deathCause: 'patientFile.fields.deathCause',
    lastContactDate: 'patientFile.followUp.lastContact',
    collidesWith: 'changeLog.fields.collidesWith',
    'demography.birthDate': 'patientFile.fields.birthDate',
    'demography.gender': 'patientFile.fields.gender',
    'demography.ecog': 'patientFile.fields.ecog',
    'demography.app': 'patientFile.fields.app',
  },
  sample: {
    sampleDate: 'patientFile.fields.sampleDate',
    sampleType: 'patientFile.fields.sampleType',
    fileId: 'patientFile.fields.file',
  } satisfies RecordLabels<SampleField>,
  diagnostic: {
    dxDate: 'patientFile.fields.dxDate',
    dxSecondary: 'patientFile.fields.dxSecondary',
    dxSecondaryDescription: 'patientFile.fields.dxSecondaryDescription',
    dxSubType: 'patientFile.fields.dxSubType',
    organsFailures: 'patientFile.fields.organsFailures',
    patientFit: 'patientFile.fields.patientFit',
    relapse: 'patientFile.fields.relapse',
    relapseDate: 'patientFile.fields.relapseDate',
    riskLevel: 'patientFile.fields.riskLevel',
    consent: 'patientFile.fields.consent',
    consentDate: 'patientFile.fields.consentDate',
    wbcAtDiagnosis: 'patientFile.fields.wbcAtDiagnosis',
    marrowBlastsAtDiagnosis: 'patientFile.fields.marrowBlastsAtDiagnosis',
  } satisfies RecordLabels<Exclude<DiagnosticField, 'genetics'>>,
  genetics: {
    karyotype: 'geneticRisk.fields.karyotype',
    karyotypeResult: 'geneticRisk.fields.karyotypeResult',
    markers: 'geneticRisk.fields.markers',
  },
  treatment: {
    order: 'changeLog.fields.order',
    scheme: 'patientFile.fields.scheme',
    startDate: 'patientFile.fields.startDate',
    toxicities: 'patientFile.fields.toxicities',
    diseaseAssessment: 'patientFile.fields.diseaseAssessment',
    diseaseAssessmentDate: 'patientFile.fields.diseaseAssessmentDate',
    medulogram: 'patientFile.fields.medulogram',
    medulogramDate: 'patientFile.fields.medulogramDate',
    EMR: 'patientFile.fields.EMR',
    EMRDate: 'patientFile.fields.EMRDate',
    EMRBlasts: 'patientFile.fields.EMRBlasts',
    EMRStatus: 'patientFile.fields.EMRStatus',
    EMRMethod: 'patientFile.fields.EMRMethod',
    clinicalMonitoring: 'patientFile.fields.clinicalMonitoring',
    drugs: 'patientFile.fields.drugs',
  } satisfies RecordLabels<TreatmentField>,
  drug: {
    name: 'patientFile.fields.drugName',
    dose: 'patientFile.fields.dose',
    startApplicationDate: 'wizard.treatments.startApplicationDate',
    lastAplicationDate: 'patientFile.fields.lastApplication',
    order: 'changeLog.fields.order',
  } satisfies RecordLabels<DrugField>,
  labReport: {
    name: 'wizard.labReport.customName',
    content: 'wizard.labReport.content',
    date: 'patientFile.fields.reportDate',
    fileId: 'patientFile.fields.file',
  } satisfies RecordLabels<LabReportField>,
  file: {
    name: 'changeLog.fields.fileName',
    mimeType: 'changeLog.fields.fileType',
    size: 'changeLog.fields.fileSize',
    purpose: 'changeLog.fields.filePurpose',
  },
  user: {
    email: 'users.form.email',
    nickname: 'users.form.nickname',
    isAdmin: 'changeLog.fields.isAdmin',
    isActive: 'users.columns.status',
    first_name: 'users.form.firstName',
    last_name: 'users.form.lastName',
    gender: 'users.form.gender',
    institutionId: 'users.form.institution',
  },
  institution: {
    name: 'institutions.form.name',
    code: 'institutions.form.code',
    type: 'institutions.form.type',
    isActive: 'institutions.columns.status',
  },
  outcomes: { query: 'changeLog.fields.query' },
};

/** Fields of the exports' entries, which name no record. */
const ENTRY_FIELD_KEYS: Readonly<Record<string, string>> = {
  format: 'changeLog.fields.format',
  filters: 'changeLog.fields.filters',
  query: 'changeLog.fields.query',
  codes: 'auditParams.codes',
};

/**
 * The kind given to the parameters inside an entry's `query` or `filters` (an export's filters, an
 * outcome's question): each is named in words (`auditParams.*`), and a `size` there is a number of rows.
 */
const PARAMETERS = 'parameters';

/** Parameters whose values are words of their own (`auditParams.values.<name>.<value>`). */
const WORDED_PARAMETERS: ReadonlySet<string> = new Set(['order', 'orderBy', 'codes', 'from']);

/** Fields that tie a record to another and tell a reader nothing. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(['treatmentId']);

const MIME_LABELS: Readonly<Record<string, string>> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPG' };

/** One changed field as shown: its label and its old and new values. */
export interface ShownChange {
  readonly field: string;
  readonly label: string;
  readonly old: string;
  readonly new: string;
}

export function useChangeLabels() {
  const { t, i18n } = useTranslation();
  const runtime = (key: string, fallback: string) => translateRuntimeKey(t, key, fallback);
  const known = (key: string): string | null => (i18n.exists(key) ? translateRuntimeKey(t, key) : null);
  const none = t('patientCommon.noData');
  const numbers = new Intl.NumberFormat(i18n.language);

  const fieldLabel = (entityType: string | null, field: string): string => {
    if (entityType === PARAMETERS) {
      return known(`auditParams.${field}`) || field;
    }
    // A record's field is labelled as on the patient file unless this table says otherwise.
    const key =
      FIELD_KEYS[entityType ?? '']?.[field] ?? ENTRY_FIELD_KEYS[field] ?? `patientFile.fields.${field}`;
    return known(key) || t('changeLog.fields.other');
  };

  /** A parameter's value in words: an outcome, a grouping, a stage, a subtype, a range of days. */
  const parameter = (field: string, value: string): string | null => {
    if (WORDED_PARAMETERS.has(field)) {
      return runtime(`auditParams.values.${field}.${value}`, value);
    }
    switch (field) {
      case 'endpoint':
        return runtime(`outcomes.endpoints.${value}`, value);
      case 'groupBy':
        return runtime(`outcomes.groupBy.${value}`, value);
      case 'relapse':
        return value === 'true' ? t('patientCommon.yes') : t('patientCommon.no');
      case 'dx':
        return runtime(`patientCommon.stages.${value}`, value);
      case 'subtype':
        return runtime(`patientCommon.diagnoses.${value}`, value);
      case 'obito':
        return value
          .split(',')
          .map((day) => formatIsoDate(day))
          .join(' – ');
      case 'text':
      case 'institutionCode':
        return value;
      default:
        return null;
    }
  };

  const coded = (entityType: string | null, field: string, value: string): string | null => {
    if (entityType === PARAMETERS) {
      const worded = parameter(field, value);
      if (worded !== null) {
        return worded;
      }
    }
    const name = field.replace(/^demography\./, '');
    switch (name) {
      case 'riskLevel':
        return runtime(`patientCommon.risks.${value}`, value);
      case 'gender':
        return runtime(`sexes.${value}`, value);
      case 'dxSecondary':
        return runtime(`patientCommon.stages.${value}`, value);
      case 'dxSubType': {
        const split = splitOther(value);
        return split.text ?? runtime(`patientCommon.diagnoses.${split.value}`, split.value ?? value);
      }
      case 'scheme': {
        const split = splitOther(value);
        return split.text ?? split.value ?? value;
      }
      case 'diseaseAssessment':
        return runtime(`wizardOptions.responses.${value}`, value);
      case 'EMRStatus':
        return runtime(`patientCourse.mrdStatuses.${value}`, value);
      case 'EMRMethod':
        return runtime(`patientCourse.mrdMethods.${value}`, value);
      case 'fileId':
        return t('changeLog.values.attachedFile');
      case 'purpose':
        return runtime(`changeLog.purposes.${value}`, value);
      case 'mimeType':
        return MIME_LABELS[value] ?? value;
      case 'type':
        return entityType === 'institution' ? runtime(`institutionTypes.${value}`, value) : null;
      case 'name':
        return entityType === 'labReport' ? runtime(`patientCommon.labReports.${value}`, value) : null;
      case 'format':
        return value.toUpperCase();
      case 'karyotypeResult':
        return runtime(`geneticRisk.karyotypeResults.${value}`, value);
      case 'codes':
        return runtime(`auditParams.values.codes.${value}`, value);
      default:
        return null;
    }
  };

  /** A genetic marker as entered: `NPM1 positivo (VAF 38 %)`; complex and monosomal in words. */
  const markerText = (marker: unknown): string => {
    const { code, result, vaf } = (marker ?? {}) as { code?: string; result?: string; vaf?: number | null };
    const name = code === 'complex' || code === 'monosomal' ? t(`geneticRisk.markers.${code}`) : String(code);
    const text = `${name} ${runtime(`geneticRisk.results.${result}`, String(result))}`;
    return typeof vaf === 'number'
      ? t('geneticRisk.withVaf', { marker: text, vaf: numbers.format(vaf) })
      : text;
  };

  const valueLabel = (entityType: string | null, field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') {
      return none;
    }
    if (typeof value === 'boolean') {
      if (field === 'isActive') {
        return value ? t('common.active') : t('common.inactive');
      }
      return value ? t('patientCommon.yes') : t('patientCommon.no');
    }
    if (typeof value === 'number') {
      return field === 'size' && entityType !== PARAMETERS
        ? t('changeLog.values.kilobytes', { size: Math.ceil(value / 1024) })
        : numbers.format(value);
    }
    if (Array.isArray(value) && entityType === 'genetics' && field === 'markers') {
      return value.length === 0 ? none : value.map(markerText).join(', ');
    }
    if (Array.isArray(value)) {
      return value.length === 0 ? none : value.map((item) => valueLabel(entityType, field, item)).join(', ');
    }
    if (typeof value === 'object') {
      const parts = Object.entries(value as Record<string, unknown>).map(
        ([key, item]) => `${fieldLabel(PARAMETERS, key)}: ${valueLabel(PARAMETERS, key, item)}`,
      );
      return parts.length === 0 ? none : parts.join('; ');
    }
    const text = String(value);
    const shown = coded(entityType, field, text);
    if (shown !== null) {
      return shown;
    }
    return formatIsoDate(text);
  };

  const actionLabel = (action: string, outcome: string = 'ok'): string => {
    if (outcome === 'denied') {
      return t('changeLog.denied');
    }
    const label = known(`changeLog.actions.${action}`) ?? t('changeLog.actions.other');
    return outcome === 'failed' ? t('changeLog.failed', { action: label }) : label;
  };

  /** An entry's changes as shown, in the order they were recorded; fields that tell nothing are left out. */
  const changesOf = (
    entityType: string | null,
    changes: Readonly<Record<string, { old: unknown; new: unknown }>> | null,
  ): ShownChange[] =>
    Object.entries(changes ?? {})
      .filter(([field]) => !HIDDEN_FIELDS.has(field))
      .map(([field, change]) => ({
        field,
        label: fieldLabel(entityType, field),
        old: valueLabel(entityType, field, change.old),
        new: valueLabel(entityType, field, change.new),
      }));

  return { fieldLabel, valueLabel, actionLabel, changesOf };
}
