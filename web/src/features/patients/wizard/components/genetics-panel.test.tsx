import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, refusal } from '../../../../test/fetch-routes.ts';
import {
  choose,
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

const path = `/edit-patient/${PATIENT_ID}/diagnostic`;
const geneticsPath = `/api/patients/diagnostics/${consentedDiagnostic.id}/genetics`;
const panel = () => screen.getByRole('region', { name: 'Genética' });
const reading = () => screen.getByRole('status', { name: 'Lectura del cariotipo' });
const marker = (name: string) =>
  screen.getByRole('radiogroup', { name: new RegExp(`^${escaped(name)}( |$)`) });
const escaped = (text: string) => text.replace(/[()[\]/:+-]/g, '\\$&');
const mark = (name: string, choice: 'Positivo' | 'Negativo' | 'No estudiado') =>
  userEvent.click(within(marker(name)).getByRole('radio', { name: choice }));
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

describe('the genetics panel of the diagnostic step', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the karyotype as it is typed, and says when it cannot, with the ELN 2022 risk it gives', async () => {
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Diagnóstico');
    expect(within(panel()).getByText('Insuficiente')).toBeInTheDocument();
    const karyotype = within(panel()).getByRole('textbox', { name: 'Cariotipo (ISCN)' });

    await userEvent.click(karyotype);
    await userEvent.paste('45,XY,-7,del(5)(q13q33),t(6;9)(p23;q34)[20]');
    await waitFor(() => expect(reading()).toHaveTextContent('3 anomalías · complejo: No · monosómico: Sí'));
    const parts = within(reading()).getByRole('list', { name: 'Lo leído, anomalía por anomalía' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '-7: muestra -7',
      'del(5)(q13q33): muestra -5/del(5q)',
      't(6;9)(p23;q34): muestra DEK::NUP214',
    ]);
    // Adverse cytogenetics decide, whatever the untested mutations are.
    expect(within(panel()).getByText('Adverso')).toBeInTheDocument();
    expect(within(panel()).getByText(/^DEK::NUP214 presente; .* → adverso$/)).toBeInTheDocument();
    expect(within(marker('DEK::NUP214')).getByRole('radio', { name: 'No estudiado' })).toBeChecked();
    expect(marker('DEK::NUP214')).toHaveAccessibleDescription('Según el cariotipo: positivo');
    expect(marker('RUNX1::RUNX1T1')).toHaveAccessibleDescription('Según el cariotipo: negativo');

    await userEvent.clear(karyotype);
    await userEvent.paste('46,XX, Foo(1)');
    await waitFor(() => expect(reading()).toHaveTextContent('No se pudo leer el cariotipo'));
    // In the user's language, quoting the text as typed.
    expect(reading()).toHaveTextContent('Línea 1: no se puede leer «Foo(1)».');
    expect(within(panel()).getByText('Insuficiente')).toBeInTheDocument();
    expect(within(panel()).getByText(/Falta por estudiar: cariotipo, NPM1/)).toBeInTheDocument();
  });

  it('says what it leaves unknown and unread, and refuses a count that disagrees, in English too', async () => {
    await i18n.changeLanguage('en');
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Diagnostic');
    const karyotype = screen.getByRole('textbox', { name: 'Karyotype (ISCN)' });
    const status = () => screen.getByRole('status', { name: 'Karyotype reading' });
    await userEvent.click(karyotype);
    await userEvent.paste('46,XY,add(11)(q23)[20].nuc ish(FGFR1x3)[40/200]');
    await waitFor(() =>
      expect(status()).toHaveTextContent('add(11)(q23): leaves MLLT3::KMT2A, KMT2A-r unknown'),
    );
    expect(status()).toHaveTextContent('Left unread (what it could show stays unknown): (FGFR1x3)[40/200]');
    await userEvent.clear(karyotype);
    await userEvent.paste('45,XY[20]');
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Line 1: the count 45 does not agree with its gains and losses (they give 46).',
      ),
    );
  });

  it('keeps a pasted lab report whole, says it is too long, and offers the ISCN line inside it', async () => {
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Diagnóstico');
    const karyotype = within(panel()).getByRole('textbox', { name: 'Cariotipo (ISCN)' });
    const report = `${'Cultivo de médula ósea, bandas G, 20 metafases analizadas. '.repeat(10)}\nFórmula: 46,XX,t(8;21)(q22;q22)[18]/46,XX[2]. Interpretación: t(8;21).`;
    await userEvent.click(karyotype);
    await userEvent.paste(report);
    expect(karyotype).toHaveValue(report);
    await waitFor(() =>
      expect(reading()).toHaveTextContent(`El texto pegado tiene ${report.length} caracteres`),
    );
    expect(reading()).toHaveTextContent('46,XX,t(8;21)(q22;q22)[18]/46,XX[2]');
    await userEvent.click(within(reading()).getByRole('button', { name: 'Usar esta línea' }));
    expect(karyotype).toHaveValue('46,XX,t(8;21)(q22;q22)[18]/46,XX[2]');
    await waitFor(() => expect(reading()).toHaveTextContent('muestra RUNX1::RUNX1T1'));
  });

  it('says at once when the karyotype names the other sex than the patient', async () => {
    const patient = makePatient({ diagnostics: [consentedDiagnostic] });
    const demography = patient.demography && { ...patient.demography, gender: 'male' as const };
    mockApi({ patient: { ...patient, demography } });
    renderWizard(path);
    await stepForm('Diagnóstico');
    const karyotype = within(panel()).getByRole('textbox', { name: 'Cariotipo (ISCN)' });
    await userEvent.click(karyotype);
    await userEvent.paste('46,XX[20]');
    await waitFor(() =>
      expect(reading()).toHaveTextContent('El cariotipo es de mujer (XX) y el paciente es hombre'),
    );
    await userEvent.clear(karyotype);
    await userEvent.paste('46,XY[20]');
    await waitFor(() => expect(reading()).not.toHaveTextContent('el paciente es hombre'));
  });

  it('saves the karyotype and the tested markers with their VAF in Spanish number format', async () => {
    const state = { patient: makePatient({ diagnostics: [consentedDiagnostic] }) };
    const api = mockApi(state, (call) =>
      call.method === 'PUT' ? answer(200, { data: consentedDiagnostic }) : undefined,
    );
    const { router } = renderWizard(path);
    await stepForm('Diagnóstico');
    await userEvent.type(within(panel()).getByRole('textbox', { name: 'Cariotipo (ISCN)' }), '46,XY[20]');
    await choose('Resultado del cariotipo', 'Normal');
    await mark('NPM1', 'Positivo');
    await userEvent.type(screen.getByRole('textbox', { name: 'VAF de NPM1' }), '38,5');
    await mark('FLT3-ITD', 'Negativo');
    await userEvent.click(screen.getByRole('button', { name: 'Resto negativo en Mutaciones' }));
    expect(within(marker('TP53')).getByRole('radio', { name: 'Negativo' })).toBeChecked();
    expect(within(marker('ASXL1')).getByRole('radio', { name: 'No estudiado' })).toBeChecked();
    expect(within(panel()).getByText('Favorable')).toBeInTheDocument();
    expect(
      within(panel()).getByText(
        /^NPM1 mutado \(VAF 38,5 %\); .*FLT3-ITD negativo; sin citogenética adversa → favorable$/,
      ),
    ).toBeInTheDocument();

    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PUT',
      path: geneticsPath,
      ifMatch: '"3"',
      body: {
        karyotype: '46,XY',
        karyotypeResult: 'normal',
        markers: [
          { code: 'NPM1', result: 'positive', vaf: 38.5 },
          { code: 'FLT3-ITD', result: 'negative', vaf: null },
          { code: 'FLT3-TKD', result: 'negative', vaf: null },
          { code: 'CEBPA-bZIP', result: 'negative', vaf: null },
          { code: 'TP53', result: 'negative', vaf: null },
        ],
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/treatments`),
    );
  });

  it('fills in the saved genetics and refuses a VAF above 100 on its field before sending', async () => {
    const genetics = {
      karyotype: '46,XX[20]',
      karyotypeResult: 'normal' as const,
      markers: [{ code: 'TP53' as const, result: 'positive' as const, vaf: 12 }],
      derived: { parsed: true, message: null, abnormalities: 0, findings: {}, unread: [] },
      updatedAt: '2026-02-01T10:00:00.000Z',
    };
    const api = mockApi({
      patient: makePatient({ diagnostics: [{ ...consentedDiagnostic, genetics }] }),
    });
    renderWizard(path);
    await stepForm('Diagnóstico');
    expect(within(panel()).getByRole('textbox', { name: 'Cariotipo (ISCN)' })).toHaveValue('46,XX[20]');
    expect(within(marker('TP53')).getByRole('radio', { name: 'Positivo' })).toBeChecked();
    const vaf = screen.getByRole('textbox', { name: 'VAF de TP53' });
    expect(vaf).toHaveValue('12 %');
    await userEvent.clear(vaf);
    await userEvent.type(vaf, '120');
    await save();
    expect(await screen.findByText('Debe ser un número entre 0 y 100.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'VAF de TP53' })).toBeInvalid();
    expect(api.writes()).toEqual([]);
  });

  it("puts the server's messages on the marker they name", async () => {
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'PUT'
        ? refusal(422, 'RULE_BROKEN', 'Los datos no cumplen una regla del registro.', {
            'markers.1.vaf': 'La VAF no corresponde.',
            karyotypeResult: 'Un cariotipo normal no puede tener una reordenación.',
          })
        : undefined,
    );
    renderWizard(path);
    await stepForm('Diagnóstico');
    await mark('RUNX1::RUNX1T1', 'Negativo');
    await mark('KIT', 'Positivo');
    await save();
    expect(await screen.findByText('La VAF no corresponde.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'VAF de KIT' })).toBeInvalid();
    expect(screen.getByText('Un cariotipo normal no puede tener una reordenación.')).toBeInTheDocument();
  });

  it('is not offered for an ALL, which gets a short note instead', async () => {
    mockApi({
      patient: makePatient({ diagnostics: [{ ...consentedDiagnostic, dxSubType: 'ALL-B' }] }),
    });
    renderWizard(path);
    await stepForm('Diagnóstico');
    expect(screen.queryByRole('region', { name: 'Genética' })).not.toBeInTheDocument();
    expect(
      screen.getByText('La genética y el riesgo ELN 2022 se registran para las LMA.'),
    ).toBeInTheDocument();
  });

  it('reads in English, with English decimals', async () => {
    await i18n.changeLanguage('en');
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'PUT' ? answer(200, { data: consentedDiagnostic }) : undefined,
    );
    renderWizard(path);
    await stepForm('Diagnostic');
    const genetics = screen.getByRole('region', { name: 'Genetics' });
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: /^TP53/ })).getByRole('radio', { name: 'Positive' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'TP53 VAF' }), '12.5');
    // Without CBF, t(9;11), NPM1 and CEBPA tested, TP53 alone does not decide.
    expect(within(genetics).getByText('Insufficient data')).toBeInTheDocument();
    expect(
      within(genetics).getByText(
        /^TP53 mutated \(VAF 12\.5 %\) → adverse unless .* Still to test: karyotype, NPM1, FLT3-ITD, and CEBPA-bZIP\.$/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      karyotype: null,
      karyotypeResult: null,
      markers: [{ code: 'TP53', result: 'positive', vaf: 12.5 }],
    });
  });
});
