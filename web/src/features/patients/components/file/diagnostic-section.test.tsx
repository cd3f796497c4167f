import type { Diagnostic, Eln2022 } from '@registry/shared';
import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { DiagnosticSection } from './diagnostic-section.tsx';
import { PATIENT } from './test-patient.ts';

const base = PATIENT.diagnostics[0] as Diagnostic;
const genetics: NonNullable<Diagnostic['genetics']> = {
  karyotype: '46,XY,t(8;21)(q22;q22)[20]',
  karyotypeResult: 'abnormal',
  markers: [
    { code: 'KIT', result: 'positive', vaf: 31.5 },
    { code: 'NPM1', result: 'negative', vaf: null },
  ],
  derived: {
    parsed: true,
    message: null,
    abnormalities: 1,
    findings: { 'RUNX1::RUNX1T1': true, complex: false },
    unread: [],
  },
  updatedAt: '2024-03-04T12:00:00.000Z',
};

function show(diagnostic: Diagnostic, eln: Eln2022, labRiskLevel: Diagnostic['riskLevel'] = null) {
  renderScreen(
    <DiagnosticSection diagnostics={[diagnostic]} biobank={false} eln={eln} labRiskLevel={labRiskLevel} />,
    { user: TEST_DOCTOR },
  );
}

describe('the diagnostic section of the file', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('shows the ELN 2022 category with its reasons, the genetics as entered, and no note when the risks agree', () => {
    show(
      { ...base, riskLevel: 'Medio', genetics },
      { category: 'favorable', reasons: ['RUNX1::RUNX1T1'], missing: [] },
    );
    expect(screen.getByText('Riesgo genético ELN 2022')).toBeInTheDocument();
    expect(screen.getByText('Favorable')).toBeInTheDocument();
    expect(screen.getByText('Lo decide: RUNX1::RUNX1T1.')).toBeInTheDocument();
    expect(screen.getByText('46,XY,t(8;21)(q22;q22)[20]')).toBeInTheDocument();
    expect(screen.getByText('1 anomalía · RUNX1::RUNX1T1')).toBeInTheDocument();
    expect(screen.getByText('KIT (VAF 31,5 %)')).toBeInTheDocument();
    expect(screen.getByText('NPM1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/no coincide/)).not.toBeInTheDocument();
  });

  it('shows what the reading left unknown and unread, and why it could not read a text', () => {
    const unknown = {
      ...genetics,
      karyotype: '46,XY,add(11)(q23)[20].nuc ish(FGFR1x3)[40/200]',
      derived: {
        parsed: true,
        message: null,
        abnormalities: 1,
        findings: { 'MLLT3::KMT2A': null, 'KMT2A-r': null, '-7': false },
        unread: ['(FGFR1x3)[40/200]'],
      },
    };
    show({ ...base, genetics: unknown }, { category: 'insufficient', reasons: [], missing: ['KMT2A-r'] });
    expect(
      screen.getByText('1 anomalía · sin saber: MLLT3::KMT2A, KMT2A-r · sin leer: (FGFR1x3)[40/200]'),
    ).toBeInTheDocument();
    cleanup();
    const unread = {
      ...genetics,
      karyotype: '45,XY[20]',
      derived: {
        parsed: false,
        message: 'Línea 1: el número 45 no concuerda con sus ganancias y pérdidas (serían 46).',
        abnormalities: 0,
        findings: {},
        unread: [],
      },
    };
    show({ ...base, genetics: unread }, { category: 'insufficient', reasons: [], missing: [] });
    expect(
      screen.getByText(
        'No se pudo leer: Línea 1: el número 45 no concuerda con sus ganancias y pérdidas (serían 46).',
      ),
    ).toBeInTheDocument();
  });

  it("says what is missing for an insufficient category, and where the doctor's risks disagree", () => {
    show(
      { ...base, riskLevel: 'Alto', genetics },
      { category: 'insufficient', reasons: [], missing: ['NPM1', 'CEBPA-bZIP'] },
    );
    expect(screen.getByText('Insuficiente')).toBeInTheDocument();
    expect(screen.getByText('Para decidirlo falta estudiar: NPM1, CEBPA-bZIP.')).toBeInTheDocument();
    expect(screen.queryByText(/no coincide/)).not.toBeInTheDocument();
  });

  it('notes a low risk beside an adverse category, in both languages', async () => {
    const adverse: Eln2022 = { category: 'adverse', reasons: ['complex', 'TP53'], missing: [] };
    show({ ...base, riskLevel: 'Bajo', genetics: null }, adverse, 'Bajo');
    expect(screen.getByText('Lo decide: Cariotipo complejo, TP53.')).toBeInTheDocument();
    expect(
      screen.getByText('Riesgo del diagnóstico (Bajo) no coincide con el riesgo ELN 2022 (Adverso).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Riesgo del informe de laboratorio (Bajo) no coincide con el riesgo ELN 2022 (Adverso).',
      ),
    ).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Decided by: Complex karyotype, TP53.')).toBeInTheDocument();
    expect(screen.getAllByText(/disagrees with the ELN 2022 risk \(Adverse\)\.$/)).toHaveLength(2);
  });

  it('says when an AML has no genetics yet', () => {
    const aml = { category: 'insufficient' as const, reasons: [], missing: ['NPM1' as const] };
    show({ ...base, genetics: null }, aml);
    expect(
      screen.getByText('Sin genética cargada: falta el cariotipo y los marcadores.'),
    ).toBeInTheDocument();
  });

  it('shows no ELN risk for an ALL', () => {
    show(
      { ...base, dxSubType: 'ALL-B', genetics: null },
      { category: 'not_applicable', reasons: [], missing: [] },
    );
    expect(screen.queryByText('Riesgo genético ELN 2022')).not.toBeInTheDocument();
  });
});
