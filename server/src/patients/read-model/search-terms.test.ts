import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInstitution } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newAdmin, newDoctor, signIn } from '../../test/patients.ts';
import { COUNTS_KEY } from './counts.ts';
import { refreshReadModel } from './projection.ts';
import { registerSearchTerm, SEARCH_TERM_FROM, SEARCH_TERMS_KEPT } from './search-terms.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many patients the registry of these tests holds: more match `blastos` than SEARCH_TERM_FROM. */
const PATIENTS = 2400;

/**
 * The counts of a search that many patients match (search-terms.ts): once registered, its count is the
 * sum of its kept counts, which must equal the count of its rows, for any equality filter and after
 * any write; a search that matched many patients is registered by the list itself.
 */
describe('the kept counts of a search', () => {
  let t: TestApp;
  let admin: Caller;
  let owner: Caller;
  let colleague: Caller;
  let other: Caller;
  /** Two institutions: the first with two doctors, the second (named `Hospital Clínicas …`) with one. */
  let institutions: { code: string; name: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    const first = await insertInstitution(t.ctx.db);
    const second = await insertInstitution(t.ctx.db, { name: `Hospital Clínicas ${first.code}` });
    institutions = [first, second];
    owner = await newDoctor(t, { id: first.id });
    colleague = await newDoctor(t, { id: first.id });
    other = await newDoctor(t, { id: second.id });
    // A registry written straight into its tables, then projected as a write would: every subtype,
    // both stages, relapses, Code OPs, and lab reports of which `blastos` is in three in five.
    const made = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`with made as (
          insert into patients (institution_id, doctor_id, identification, code_op)
          select case when g % 3 = 0 then ${second.id}::uuid else ${first.id}::uuid end,
            case g % 3 when 0 then ${other.doctorId}::uuid when 1 then ${owner.doctorId}::uuid else ${colleague.doctorId}::uuid end,
            'Paciente ' || g || case when g % 7 = 0 then ' Ana' else '' end,
            case when g % 2 = 0 then 500000 + g end
          from generate_series(1, ${PATIENTS}) g
          returning id, code_op, identification),
        numbered as (select id, split_part(identification, ' ', 2)::int as g from made),
        diagnosed as (
          insert into diagnostics (patient_id, dx_date, dx_sub_type, dx_secondary, relapse, consent, consent_date)
          select id, '2024-01-10', (array['AML M2', 'AML', 'ALL-B', 'Other: mixta'])[g % 4 + 1],
            (array['Inicial', 'Secundario'])[g % 2 + 1], g % 5 = 0, true, '2024-01-12'
          from numbered),
        reported as (
          insert into lab_reports (patient_id, name, content)
          select id, 'Medulograma', 'Blastos ' || (g % 90) || '%' from numbered where g % 5 < 3
          union all
          select id, 'Molecular Studies', case when g % 2 = 0 then 'NPM1 positivo; FLT3-ITD negativo'
            else 'NPM1 negativo; FLT3-ITD positivo' end from numbered where g % 4 < 2)
        select id from numbered`),
    );
    await refreshReadModel(
      t.ctx.db,
      made.map((row) => row.id),
    );
  });
  afterAll(() => t.close());

  const totalOf = async (token: string, query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/patients/list?${query}`, token });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json().totalItems as number;
  };
  const registered = async () =>
    rowsOf<{ pattern: string }>(
      await t.ctx.db.execute(sql`select pattern from patient_list_search_terms order by pattern`),
    ).map((row) => row.pattern);

  /** Every list the searches are asked with: an admin's and a doctor's, with the equality filters. */
  const queries = (text: string) => {
    const [first, second] = institutions;
    const adminQueries = [
      `text=${text}`,
      `text=${text}&institutionCode=${first?.code}`,
      `text=${text}&institutionCode=${second?.code}&codeOP=present`,
      `text=${text}&codeOP=missing&relapse=true`,
      `text=${text}&subtype=AML%20M2&dx=Inicial`,
      `text=${text}&subtype=Other`,
      `text=${text}&eln=adverse&relapse=false`,
      `text=${text}&doctorId=${colleague.doctorId}`,
    ];
    const doctorQueries = [`text=${text}`, `text=${text}&relapse=false`, `text=${text}&subtype=ALL-B`];
    return [
      ...adminQueries.map((query) => ({ token: admin.token, query })),
      ...doctorQueries.map((query) => ({ token: owner.token, query })),
    ];
  };
  const totalsOf = async (text: string) =>
    Promise.all(queries(text).map(async ({ token, query }) => [query, await totalOf(token, query)] as const));

  /** The kept counts of the registered searches, and the same recomputed from the rows, in one order. */
  async function keptAndRecomputed() {
    const keys = sql.raw(COUNTS_KEY.map(([column]) => column).join(', '));
    const values = sql.raw(COUNTS_KEY.map(([column, value]) => `${value} as ${column}`).join(', '));
    const groups = sql.raw(COUNTS_KEY.map((_, index) => String(index + 2)).join(', '));
    const kept = await t.ctx.db.execute(
      sql`select pattern, ${keys}, patients from patient_list_term_counts order by pattern, ${keys}`,
    );
    const recomputed = await t.ctx.db.execute(sql`select pattern, ${keys}, patients from (
        select t.pattern, ${values}, count(*)::int as patients
        from patient_list l join patient_list_search_terms t
          on l.search_text like t.pattern or l.report_text like t.pattern
        group by 1, ${groups}) c order by pattern, ${keys}`);
    return { kept: rowsOf(kept), recomputed: rowsOf(recomputed) };
  }

  it('registers a search once its own matches reach the limit, and answers the same counts from them', async () => {
    expect(await registered()).toEqual([]);
    const before = await totalsOf('blastos');
    expect(before[0]?.[1]).toBeGreaterThanOrEqual(SEARCH_TERM_FROM);
    // The first list registered it after answering: it is there shortly.
    await expect.poll(registered, { timeout: 10_000 }).toEqual(['%blastos%']);
    expect(await totalsOf('blastos')).toEqual(before);
    // Another case, the same pattern.
    const totals = (pairs: readonly (readonly [string, number])[]) => pairs.map(([, total]) => total);
    expect(totals(await totalsOf('BLASTOS'))).toEqual(totals(before));
    const { kept, recomputed } = await keptAndRecomputed();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recomputed);
  });

  it('leaves a search that few patients match unregistered', async () => {
    const total = await totalOf(admin.token, 'text=ana');
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(SEARCH_TERM_FROM);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await registered()).not.toContain('%ana%');
  });

  it.each([
    ['npm1', 'a lab-report word'],
    ['hosp', 'an institution name'],
    ['500012', 'a Code OP for admins'],
    ['AL-OP#500014', 'a Code OP written whole'],
    ['100%', 'a LIKE wildcard'],
  ])('counts %s (%s) the same registered or not', async (text) => {
    const before = await totalsOf(encodeURIComponent(text));
    // The lists may have registered it already (`npm1` is in half the reports).
    await registerSearchTerm(t.ctx.db, text);
    await expect.poll(registered).toContain(`%${text.toLowerCase().replace('%', '\\%')}%`);
    expect(await registerSearchTerm(t.ctx.db, text.toUpperCase())).toBe(false);
    expect(await totalsOf(encodeURIComponent(text))).toEqual(before);
  });

  it('counts a patient whose own text and institution both match once', async () => {
    // A word of one institution's name (`Hospital Clínicas …`), written into the identification of a
    // patient inside it and of one outside it.
    const [outside, inside] = institutions;
    const word = inside?.name.split(' ').at(-2) ?? '';
    expect(outside?.name).not.toContain(word);
    const patientOf = async (code: string) => {
      const [row] = rowsOf<{ id: string; doctor: string }>(
        await t.ctx.db.execute(sql`select l.patient_id as id, u.email as doctor from patient_list l
          join institutions i on i.id = l.institution_id join doctors d on d.id = l.doctor_id
          join users u on u.id = d.user_id where i.code = ${code} order by l.patient_id limit 1`),
      );
      return row;
    };
    for (const code of [inside?.code ?? '', outside?.code ?? '']) {
      const patient = await patientOf(code);
      const res = await t.request({
        method: 'PATCH',
        url: `/api/patients/${patient?.id}`,
        token: await signIn(t, patient?.doctor ?? ''),
        payload: { identification: `Paciente ${word.toUpperCase()} ${code}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [rowByRow] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from patient_list l
        join institutions i on i.id = l.institution_id
        cross join registry_search_text(${`%${word}%`}) as p(pattern)
        where l.search_text like p.pattern or l.report_text like p.pattern
          or registry_search_text(i.name) like p.pattern`),
    );
    const before = await totalOf(admin.token, `text=${encodeURIComponent(word)}`);
    expect(before).toBe(rowByRow?.n);
    await registerSearchTerm(t.ctx.db, word);
    expect(await totalOf(admin.token, `text=${encodeURIComponent(word)}`)).toBe(before);
  });

  it('keeps the counts through every kind of write to the patients', async () => {
    await registerSearchTerm(t.ctx.db, 'npm1');
    await registerSearchTerm(t.ctx.db, 'flt3');
    const ids = rowsOf<{ id: string; doctor: string }>(
      await t.ctx.db.execute(sql`select l.patient_id as id, u.email as doctor from patient_list l
        join doctors d on d.id = l.doctor_id join users u on u.id = d.user_id
        where l.report_text like '%npm1%' order by l.patient_id limit 3`),
    );
    const [first, second, third] = ids;
    if (!first || !second || !third) {
      throw new Error('the seed wrote no NPM1 report');
    }
    const tokenOf = (email: string) => signIn(t, email);
    // A report rewritten without the word and with another, a patient deleted, a Code OP given, an
    // identification changed.
    const rewrite = await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${first.id}`,
      token: await tokenOf(first.doctor),
      payload: { labReports: [{ name: 'NGS', content: 'FLT3-TKD' }] },
    });
    expect(rewrite.statusCode, rewrite.body).toBe(200);
    // No route deletes a patient; its read model's row goes with it.
    await t.ctx.db.execute(sql`delete from patients where id = ${second.id}`);
    const code = await t.request({
      method: 'PATCH',
      url: `/api/patients/${third.id}`,
      token: admin.token,
      payload: { codeOP: 990_001 },
    });
    expect(code.statusCode, code.body).toBe(200);
    // An identification that holds the word, of a patient whose reports do not.
    const [plain] = rowsOf<{ id: string; doctor: string }>(
      await t.ctx.db.execute(sql`select l.patient_id as id, u.email as doctor from patient_list l
        join doctors d on d.id = l.doctor_id join users u on u.id = d.user_id
        where l.report_text not like '%npm1%' order by l.patient_id limit 1`),
    );
    const named = await t.request({
      method: 'PATCH',
      url: `/api/patients/${plain?.id}`,
      token: await tokenOf(plain?.doctor ?? ''),
      payload: { identification: 'Paciente NPM1 de prueba' },
    });
    expect(named.statusCode, named.body).toBe(200);
    const { kept, recomputed } = await keptAndRecomputed();
    expect(kept).toEqual(recomputed);
    expect(kept.some((row) => (row as { pattern: string }).pattern === '%flt3%')).toBe(true);
  });

  it('lets the oldest searches go beyond the limit, with their counts', async () => {
    for (let i = 0; i < SEARCH_TERMS_KEPT; i++) {
      await registerSearchTerm(t.ctx.db, `zz${i}`);
    }
    const kept = await registered();
    expect(kept).toHaveLength(SEARCH_TERMS_KEPT);
    expect(kept).not.toContain('%blastos%');
    const [orphans] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from patient_list_term_counts c
        where not exists (select 1 from patient_list_search_terms t where t.pattern = c.pattern)`),
    );
    expect(orphans?.n).toBe(0);
    const { kept: counts, recomputed } = await keptAndRecomputed();
    expect(counts).toEqual(recomputed);
  });

  it('lets every search go when the counts are rebuilt', async () => {
    await t.ctx.db.execute(sql`select registry_rebuild_patient_list_counts()`);
    expect(await registered()).toEqual([]);
  });
});
