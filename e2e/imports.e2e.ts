import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ADMIN,
  type Api,
  apiSession,
  expectAccessible,
  serverUrl,
  shots,
  signIn,
  switchLanguage,
} from './fixtures.ts';

// A clinic's own spreadsheet brought into the registry (CONTRACT §14), in each language: upload, the
// mapping of its columns and values, the check, the apply and the undo. The file is as such files come:
// Windows-1252, semicolons, Spanish dates, "Sí"/"X" for yes, "LMA M2" for AML M2, a decimal comma, a
// column the registry does not know, and a row with a date that does not exist.
const RUN = Date.now().toString(36);
const PASSWORD = 'Doctor-pass-2026!';
const DOCTORS = {
  es: { email: `dr.import.es.${RUN}@hospital.test`, first: 'Marta', last: `Importa${RUN}` },
  en: { email: `dr.import.en.${RUN}@hospital.test`, first: 'Luis', last: `Import${RUN}` },
} as const;
type Language = keyof typeof DOCTORS;

/** The rows' identifications in a language's file. */
const ids = (language: Language) => [1, 2, 3, 4].map((n) => `IMP-${language.toUpperCase()}-${RUN}-${n}`);

/** The characters of Windows-1252 that Latin-1 places elsewhere, by their byte. */
const CP1252: Record<string, number> = { '€': 0x80, '–': 0x96, '“': 0x93, '”': 0x94 };

/** A text as Windows-1252 writes it (what Excel saves as "CSV (separated by semicolons)" in Spain). */
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = CP1252[char] ?? char.charCodeAt(0);
      if (code > 0xff) {
        throw new Error(`${char} is not in Windows-1252`);
      }
      return code;
    }),
  );
}

/**
 * The clinic's spreadsheet: one patient a row. The third row's birth date does not exist; its own
 * headers and values ("F. nac.", "Masc", "Varón", "X") are for the mapping to recognise.
 */
function messyFile(language: Language): Buffer {
  const [a, b, c, d] = ids(language);
  const lines = [
    'Nº HC;F. nac.;Sexo;Fecha dx;Dx;Recaída;F. recaída;Consentimiento;F. consentimiento;Leucocitos;Observaciones',
    `${a};03/04/1961;F;12/01/2024;LMA M2;No;;Sí;12/01/2024;12,5;Renal – leve`,
    `${b};17/11/1975;Masc;05/03/2024;LMA M2;Sí;01/10/2024;X;05/03/2024;3,2;`,
    `${c};31/02/1970;Varón;20/06/2024;LMA M2;No;;Sí;20/06/2024;;“pendiente”`,
    `${d};22/08/1958;Varón;02/09/2024;LMA M2;;;Sí;02/09/2024;45;`,
  ];
  return windows1252(`${lines.join('\r\n')}\r\n`);
}

const TEXTS = {
  es: {
    menu: 'Importaciones',
    empty: 'Todavía no hay importaciones',
    template: 'Descargar la plantilla',
    newImport: 'Nueva importación',
    upload: 'Subir y leer',
    semicolon: 'Punto y coma (;)',
    columnOf: (header: string) => `Variable de la columna ${header}`,
    birthDate: 'Fecha de nacimiento',
    subtype: 'Subtipo',
    codeOf: (value: string, variable: string) => `Código de «${value}» en ${variable}`,
    sex: 'Sexo',
    relapse: 'Recaída',
    notImported: 'No se importa',
    decimalComma: 'Coma (12,5)',
    doctor: 'Médico',
    saveAndCheck: 'Guardar y revisar',
    checkTitle: 'Resultado de la revisión',
    filter: 'Mostrar las filas',
    newRows: (count: number) => `${count} Pacientes nuevos`,
    refusedRows: (count: number) => `${count} Rechazadas`,
    unchangedRows: (count: number) => `${count} Sin cambios`,
    refusal: /^Columna «F\. nac\.», valor «31\/02\/1970»: /,
    report: 'Descargar el informe',
    apply: 'Aplicar',
    confirmYes: 'Sí',
    applied: 'Importación aplicada',
    undo: 'Deshacer la importación',
    undone: 'Importación deshecha',
    refusedUndo: /Este paciente cambió en el registro después de la importación/,
    deleteImport: 'Eliminar',
    deleted: 'Importación eliminada',
  },
  en: {
    menu: 'Imports',
    empty: 'No imports yet',
    template: 'Download the template',
    newImport: 'New import',
    upload: 'Upload and read',
    semicolon: 'Semicolon (;)',
    columnOf: (header: string) => `Variable of column ${header}`,
    birthDate: 'Birth date',
    subtype: 'Subtype',
    codeOf: (value: string, variable: string) => `Code of “${value}” in ${variable}`,
    sex: 'Sex',
    relapse: 'Relapse',
    notImported: 'Not imported',
    decimalComma: 'Comma (12,5)',
    doctor: 'Doctor',
    saveAndCheck: 'Save and check',
    checkTitle: 'Check result',
    filter: 'Show the rows',
    newRows: (count: number) => `${count} New patients`,
    refusedRows: (count: number) => `${count} Refused`,
    unchangedRows: (count: number) => `${count} Unchanged`,
    refusal: /^Column “F\. nac\.”, value “31\/02\/1970”: /,
    report: 'Download the report',
    apply: 'Apply',
    confirmYes: 'Yes',
    applied: 'Import applied',
    undo: 'Undo the import',
    undone: 'Import undone',
    refusedUndo: /This patient changed in the registry after the import/,
    deleteImport: 'Delete',
    deleted: 'Import deleted',
  },
} as const;

let institutionName = '';

/** A hospital and its two doctors, one a language. */
async function seed(request: APIRequestContext): Promise<void> {
  const admin = await apiSession(request, ADMIN.email, ADMIN.password);
  institutionName = `Hospital Importa ${RUN}`;
  const institution = await admin<{ id: string }>('POST', '/api/institutions', {
    name: institutionName,
    type: 'Hospital',
    code: `HI${RUN}`,
  });
  for (const [language, doctor] of Object.entries(DOCTORS)) {
    await admin('POST', '/api/doctors', {
      user: { nickname: `importa.${language}.${RUN}`, email: doctor.email, password: PASSWORD },
      institutionId: institution.id,
      first_name: doctor.first,
      last_name: doctor.last,
      gender: 'female',
    });
  }
}

/** The identifications of the doctor's patients that this run's file of `language` holds. */
async function importedPatients(
  doctor: Api,
  language: Language,
): Promise<{ id: string; identification: string }[]> {
  const page = await doctor<{ id: string; identification: string }[]>(
    'GET',
    `/api/patients/list?size=100&text=${encodeURIComponent(`IMP-${language.toUpperCase()}-${RUN}`)}`,
  );
  return page;
}

/** Waits for a download started by `click`. */
async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const waiting = page.waitForEvent('download');
  await click();
  return waiting;
}

/** Uploads the language's file from the new-import screen and waits for its mapping. */
async function upload(page: Page, language: Language): Promise<void> {
  const text = TEXTS[language];
  await page.locator('input[type="file"]').setInputFiles({
    name: `pacientes-${language}.csv`,
    mimeType: 'text/csv',
    buffer: messyFile(language),
  });
  await page.getByRole('button', { name: text.upload }).click();
  await expect(page.getByText('Windows-1252', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(text.semicolon, { exact: true })).toBeVisible();
}

/** Each column of the file and the variable it goes to, as the screen labels it, in each language. */
const COLUMNS: Record<Language, readonly (readonly [string, string])[]> = {
  es: [
    ['Nº HC', 'Identificación'],
    ['F. nac.', 'Fecha de nacimiento'],
    ['Sexo', 'Sexo'],
    ['Fecha dx', 'Fecha de diagnóstico'],
    ['Dx', 'Subtipo'],
    ['Recaída', 'Recaída'],
    ['F. recaída', 'Fecha de recaída'],
    ['Consentimiento', 'Consentimiento'],
    ['F. consentimiento', 'Fecha de consentimiento'],
    ['Leucocitos', 'Leucocitos al diagnóstico (×10⁹/L)'],
  ],
  en: [
    ['Nº HC', 'Identification'],
    ['F. nac.', 'Birth date'],
    ['Sexo', 'Sex'],
    ['Fecha dx', 'Diagnosis date'],
    ['Dx', 'Subtype'],
    ['Recaída', 'Relapse'],
    ['F. recaída', 'Relapse date'],
    ['Consentimiento', 'Consent'],
    ['F. consentimiento', 'Consent date'],
    ['Leucocitos', 'WBC at diagnosis (×10⁹/L)'],
  ],
};

/**
 * The mapping as a user completes it: the guesses of the headers the registry knows are confirmed,
 * a column it did not recognise is given its variable through the picker (typed, then chosen), the
 * column it has no variable for is left out, and each coded value is seen with its code.
 */
async function confirmMapping(page: Page, language: Language): Promise<void> {
  const text = TEXTS[language];
  // A common short form of the registry's words is recognised.
  await expect(page.getByRole('combobox', { name: text.columnOf('F. nac.') })).toHaveValue(text.birthDate);
  for (const [header, label] of COLUMNS[language]) {
    const picker = page.getByRole('combobox', { name: text.columnOf(header), exact: true });
    if ((await picker.inputValue()) !== label) {
      await picker.fill(label);
      await page.getByRole('option', { name: label, exact: true }).click();
    }
    await expect(picker).toHaveValue(label);
  }
  await expect(page.getByRole('combobox', { name: text.columnOf('Observaciones') })).toHaveValue(
    text.notImported,
  );
  // The file writes its decimals with a comma, whatever the screen's language.
  await page.getByRole('radio', { name: text.decimalComma }).check();
  // Each coded value is seen with its code: the guess confirmed, or the code chosen where there is none.
  const codes: readonly (readonly [string, string, string])[] = [
    ['LMA M2', text.subtype, 'AML M2'],
    ['F', text.sex, 'female'],
    ['Masc', text.sex, 'male'],
    ['Varón', text.sex, 'male'],
  ];
  for (const [value, variable, code] of codes) {
    const select = page.getByRole('combobox', { name: text.codeOf(value, variable), exact: true });
    if ((await select.inputValue()) === '') {
      await select.selectOption(code);
    }
    await expect(select).toHaveValue(code);
  }
}

/** Saves the mapping, waits for the check, and opens its refused rows. */
async function check(
  page: Page,
  language: Language,
  counts: { readonly fresh: number; readonly unchanged: number },
) {
  const text = TEXTS[language];
  await page.getByRole('button', { name: text.saveAndCheck }).click();
  await expect(page.getByRole('heading', { name: text.checkTitle })).toBeVisible({ timeout: 60_000 });
  const filter = page.getByRole('group', { name: text.filter });
  await expect(filter.getByRole('button', { name: text.newRows(counts.fresh) })).toBeVisible();
  await expect(filter.getByRole('button', { name: text.unchangedRows(counts.unchanged) })).toBeVisible();
  await expect(filter.getByRole('button', { name: text.refusedRows(1) })).toBeVisible();
  await filter.getByRole('button', { name: text.refusedRows(1) }).click();
  await expect(page.getByText(text.refusal)).toBeVisible();
}

/** The report: the uploaded rows, with their messages in the last column. */
async function checkReport(page: Page, language: Language): Promise<void> {
  const report = await download(page, () =>
    page.getByRole('button', { name: TEXTS[language].report }).click(),
  );
  expect(report.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await report.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
  const refused = rows.find((row) => row.includes(ids(language)[2]));
  expect(String(refused?.at(-1) ?? '')).toContain('31/02/1970');
}

/** Applies the checked import and waits for its result. */
async function apply(page: Page, language: Language): Promise<void> {
  const text = TEXTS[language];
  await page.getByRole('button', { name: text.apply, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: text.confirmYes, exact: true }).click();
  await expect(page.getByText(text.applied, { exact: true })).toBeVisible({ timeout: 90_000 });
}

test.describe('importing a spreadsheet', () => {
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: serverUrl() });
    await seed(request);
    await request.dispose();
  });

  test('a doctor brings in their messy spreadsheet, checks it, applies it, runs it again and undoes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const text = TEXTS.es;
    const doctor = await apiSession(request, DOCTORS.es.email, PASSWORD);
    await signIn(page, DOCTORS.es.email, PASSWORD);
    await page.getByRole('navigation').getByRole('link', { name: text.menu }).click();
    await expect(page.getByRole('heading', { name: text.empty })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'imports-list-empty-es');

    const template = await download(page, () =>
      page.getByRole('button', { name: text.template }).first().click(),
    );
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    await page.getByRole('link', { name: text.newImport }).first().click();
    await expect(page).toHaveURL(/\/imports\/new$/);
    await expectAccessible(page);
    await shots(page, 'imports-upload-es');

    await upload(page, 'es');
    await confirmMapping(page, 'es');
    await expectAccessible(page);
    await shots(page, 'imports-mapping-es');

    await check(page, 'es', { fresh: 3, unchanged: 0 });
    await expectAccessible(page);
    await shots(page, 'imports-check-es');
    await checkReport(page, 'es');
    expect(await importedPatients(doctor, 'es')).toHaveLength(0);

    await apply(page, 'es');
    await expectAccessible(page);
    await shots(page, 'imports-applied-es');
    const imported = await importedPatients(doctor, 'es');
    expect(imported.map((patient) => patient.identification).sort()).toEqual(
      [ids('es')[0], ids('es')[1], ids('es')[3]].sort(),
    );
    const appliedAt = page.url();

    // The same file again changes nothing; an import never applied is forgotten on request.
    await page.getByRole('navigation').getByRole('link', { name: text.menu }).click();
    await page.getByRole('link', { name: text.newImport }).first().click();
    await upload(page, 'es');
    await confirmMapping(page, 'es');
    await check(page, 'es', { fresh: 0, unchanged: 3 });
    await page.getByRole('button', { name: text.deleteImport }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirmYes, exact: true }).click();
    await expect(page).toHaveURL(/\/imports$/);
    await expect(page.getByRole('alert').filter({ hasText: text.deleted })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'imports-list-es');

    await page.goto(appliedAt);
    await page.getByRole('button', { name: text.undo }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirmYes, exact: true }).click();
    await expect(page.getByText(text.undone, { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await shots(page, 'imports-undone-es');
    expect(await importedPatients(doctor, 'es')).toHaveLength(0);
  });

  test('an admin imports for a doctor in English; an undo after a patient changed is refused, naming it', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const text = TEXTS.en;
    const doctor = await apiSession(request, DOCTORS.en.email, PASSWORD);
    await signIn(page, ADMIN.email, ADMIN.password);
    await switchLanguage(page, 'EN');
    await page.getByRole('navigation').getByRole('link', { name: text.menu }).click();
    await page.getByRole('link', { name: text.newImport }).first().click();
    await expectAccessible(page);
    await shots(page, 'imports-upload-en');

    await upload(page, 'en');
    // The doctor's select is required: its name carries the asterisk.
    await page.getByRole('combobox', { name: new RegExp(`^${text.doctor}`) }).click();
    await page
      .getByRole('option', {
        name: `${DOCTORS.en.last}, ${DOCTORS.en.first} · ${institutionName} (${DOCTORS.en.email})`,
      })
      .click();
    await confirmMapping(page, 'en');
    await expectAccessible(page);
    await shots(page, 'imports-mapping-en');

    await check(page, 'en', { fresh: 3, unchanged: 0 });
    await expectAccessible(page);
    await shots(page, 'imports-check-en');
    await checkReport(page, 'en');

    await apply(page, 'en');
    await expectAccessible(page);
    await shots(page, 'imports-applied-en');
    const imported = await importedPatients(doctor, 'en');
    expect(imported).toHaveLength(3);

    // The doctor changes one of the imported patients: the undo would lose that change, so it is refused.
    const changed = imported.find((patient) => patient.identification === ids('en')[0]);
    expect(changed).toBeDefined();
    await doctor('PATCH', `/api/patients/${changed?.id}`, { riskLevel: 'Medio' });
    await page.getByRole('button', { name: text.undo }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirmYes, exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: text.refusedUndo });
    await expect(refusal).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'imports-undo-refused-en');
    expect(await importedPatients(doctor, 'en')).toHaveLength(3);
    await refusal.getByRole('link', { name: ids('en')[0] }).click();
    await expect(page).toHaveURL(new RegExp(`/patient/${changed?.id}$`));

    await page.getByRole('navigation').getByRole('link', { name: text.menu }).click();
    await expect(page.getByRole('table', { name: text.menu })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'imports-list-en');
  });
});
