import {
  classifyEln2022,
  classifyEln2024,
  type Diagnostic,
  deriveGenetics,
  type Eln,
  type Eln2024,
  type Language,
} from '@registry/shared';
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

/** Both classifications as the server answers them, for a diagnostic treated first with `scheme`. */
function elnOf(diagnostic: Diagnostic, scheme: string | null, language: Language = 'es') {
  return {
    eln: classifyEln2022(diagnostic.dxSubType, diagnostic.genetics, language),
    eln2024: classifyEln2024(
      diagnostic.dxSubType,
      diagnostic.genetics,
      { firstScheme: scheme, dxSecondary: diagnostic.dxSecondary },
      language,
    ),
  };
}

function show(
  diagnostic: Diagnostic,
  { eln, eln2024 }: { eln: Eln; eln2024: Eln2024 },
  labRiskLevel: Diagnostic['riskLevel'] = null,
) {
  renderScreen(
    <DiagnosticSection
      diagnostics={[diagnostic]}
      biobank={false}
      eln={eln}
      eln2024={eln2024}
      labRiskLevel={labRiskLevel}
    />,
    { user: TEST_DOCTOR },
  );
}

/** Every marker ELN 2024 reads, negative but for `positive`. */
const panel = (positive: Record<string, number>): NonNullable<Diagnostic['genetics']>['markers'] =>
  (['NPM1', 'IDH2', 'FLT3-ITD', 'NRAS', 'KRAS', 'TP53', 'DDX41'] as const).map((code) => ({
    code,
    result: code in positive ? 'positive' : 'negative',
    vaf: positive[code] ?? null,
  }));

describe('the diagnostic section of the file', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('shows the ELN 2022 category with its reasons, the genetics as entered, and no note when the risks agree', () => {
    const diagnostic = { ...base, riskLevel: 'Medio' as const, genetics };
    show(diagnostic, elnOf(diagnostic, '7+3 AraC + IDA'));
    expect(screen.getByText('Riesgo genético ELN 2022')).toBeInTheDocument();
    expect(screen.getByText('Favorable')).toBeInTheDocument();
    expect(screen.getByText('RUNX1::RUNX1T1 presente → favorable')).toBeInTheDocument();
    expect(screen.getByText('46,XY,t(8;21)(q22;q22)[20]')).toBeInTheDocument();
    expect(screen.getByText('1 anomalía · RUNX1::RUNX1T1')).toBeInTheDocument();
    expect(screen.getByText('KIT (VAF 31,5 %)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/no coincide/)).not.toBeInTheDocument();
    // ELN 2024 beside it, not applicable after an intensive first line, and saying why.
    expect(screen.getByText('Riesgo genético ELN 2024 (terapia de menor intensidad)')).toBeInTheDocument();
    expect(screen.getByText(/la primera línea es 7\+3 AraC \+ IDA\.$/)).toBeInTheDocument();
  });

  it('lists each reason, the decisive negatives too', () => {
    const diagnostic = {
      ...base,
      genetics: {
        ...genetics,
        karyotype: '46,XY[20]',
        karyotypeResult: 'normal' as const,
        markers: panel({ NPM1: 40 }),
        derived: deriveGenetics('46,XY[20]'),
      },
    };
    show(diagnostic, elnOf(diagnostic, null));
    const reasons = screen.getAllByRole('list', { name: 'Motivos de la clasificación' })[0] as HTMLElement;
    expect(reasons).toHaveTextContent('NPM1 mutado (VAF 40 %)');
    expect(reasons).toHaveTextContent('FLT3-ITD negativo');
    expect(reasons).toHaveTextContent('sin citogenética adversa');
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
    const withUnknown = { ...base, genetics: unknown };
    show(withUnknown, elnOf(withUnknown, null));
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
    const withUnread = { ...base, genetics: unread };
    show(withUnread, elnOf(withUnread, null));
    expect(
      screen.getByText(
        'No se pudo leer: Línea 1: el número 45 no concuerda con sus ganancias y pérdidas (serían 46).',
      ),
    ).toBeInTheDocument();
  });

  it("says where the known markers point for an insufficient category, and where the doctor's risks disagree", () => {
    const diagnostic = {
      ...base,
      riskLevel: 'Bajo' as const,
      genetics: {
        karyotype: null,
        karyotypeResult: null,
        markers: [{ code: '-7' as const, result: 'positive' as const, vaf: null }],
        derived: { parsed: false, message: null, abnormalities: 0, findings: {}, unread: [] },
        updatedAt: genetics.updatedAt,
      },
    };
    show(diagnostic, elnOf(diagnostic, null));
    expect(screen.getByText('Insuficiente')).toBeInTheDocument();
    expect(
      screen.getByText(
        '-7 → adverso salvo que se encuentre un reordenamiento CBF (t(8;21), inv(16)/t(16;16)). Falta por estudiar: RUNX1::RUNX1T1 y CBFB::MYH11 (FISH o RT-PCR).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no coincide/)).not.toBeInTheDocument();
  });

  it('notes a low risk beside an adverse category, in both languages', async () => {
    const diagnostic = {
      ...base,
      riskLevel: 'Bajo' as const,
      genetics: {
        ...genetics,
        karyotype: '45,XY,-7[20]',
        markers: panel({}),
        derived: deriveGenetics('45,XY,-7[20]'),
      },
    };
    show(diagnostic, elnOf(diagnostic, null), 'Bajo');
    expect(
      screen.getByText('Riesgo del diagnóstico (Bajo) no coincide con el riesgo ELN 2022 (Adverso).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Riesgo del informe de laboratorio (Bajo) no coincide con el riesgo ELN 2022 (Adverso).',
      ),
    ).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findAllByText(/disagrees with the ELN 2022 risk \(Adverse\)\.$/)).toHaveLength(2);
  });

  it('gives ELN 2024 for a less-intensive first line, with the TP53 threshold and the prior HMA to check, in both languages', async () => {
    const diagnostic = {
      ...base,
      dxSubType: 'AML',
      dxSecondary: 'Secundario' as const,
      genetics: {
        ...genetics,
        karyotype: '46,XY[20]',
        karyotypeResult: 'normal' as const,
        markers: panel({ NRAS: 20 }),
        derived: deriveGenetics('46,XY[20]'),
      },
    };
    show(diagnostic, elnOf(diagnostic, 'Azacitidina'));
    expect(
      screen.getByText('NRAS mutado (VAF 20 %); TP53 negativo; DDX41 negativo → intermedio'),
    ).toBeInTheDocument();
    expect(screen.getByText(/el registro aplica el de ELN 2022: cuenta desde 10 %/)).toBeInTheDocument();
    expect(screen.getByText(/LMA secundaria: ELN 2024 no se aplica/)).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByText(/Secondary AML: ELN 2024 does not apply/)).toBeInTheDocument();
    expect(screen.getByText(/it counts from 10 %/)).toBeInTheDocument();
    expect(screen.getByText('ELN 2024 genetic risk (less-intensive therapy)')).toBeInTheDocument();
  });

  it('shows no ELN risk for an ALL', () => {
    const diagnostic = { ...base, dxSubType: 'ALL-B', genetics: null };
    show(diagnostic, elnOf(diagnostic, null));
    expect(screen.queryByText('Riesgo genético ELN 2022')).not.toBeInTheDocument();
    expect(screen.queryByText(/ELN 2024/)).not.toBeInTheDocument();
  });
});
