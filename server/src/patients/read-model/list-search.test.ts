import { en, es, PATIENT_PAGE_SIZES, type PatientFilters, patientPageSizeSchema } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whereOf } from '../../db/statements.ts';
import { insertInstitution } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, consentedPatient, createPatient, newAdmin, newDoctor } from '../../test/patients.ts';
import type { Viewer } from '../patient-access.ts';
import { countSql, isKeptCount, listConditions, pageSql } from './list-sql.ts';

/**
 * Finding patients in the list (docs/api-patients.md#list): the Code OP filter, the creation-date
 * sort, every subtype, and the search in the contents of the lab reports through their trigram index.
 */
describe('finding patients in the list', () => {
  let t: TestApp;
  let admin: Caller;
  let owner: Caller;
  let other: Caller;
  let institutionCode: string;
  let ids: Record<'npm1' | 'flt3' | 'onlyOp' | 'confirm' | 'all' | 'bare' | 'foreign', string>;

  const list = (caller: Caller, query = '') =>
    t.request({ method: 'GET', url: `/api/patients/list?${query}`, token: caller.token });
  const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((row) => row.id);
  const reports = (caller: Caller, id: string, labReports: object[]) =>
    t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${id}`,
      token: caller.token,
      payload: { labReports },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    const institution = await insertInstitution(t.ctx.db);
    institutionCode = institution.code;
    owner = await newDoctor(t, { id: institution.id });
    other = await newDoctor(t);
    ids = {
      npm1: await consentedPatient(t, owner, { dxSubType: 'AML M2' }),
      flt3: await consentedPatient(t, owner, { dxSubType: 'AML' }),
      onlyOp: await consentedPatient(t, owner, { dxSubType: 'AML M4' }),
      confirm: await consentedPatient(t, owner, { dxSubType: 'confirm' }),
      all: await consentedPatient(t, owner, { dxSubType: 'ALL' }),
      bare: await createPatient(t, owner),
      foreign: await consentedPatient(t, other, { dxSubType: 'AML' }),
    };
    for (const [id, labReports] of [
      [ids.npm1, [{ name: 'NGS', content: 'Mutación de NPM1 tipo A; FLT3 negativo' }]],
      [ids.flt3, [{ name: 'Molecular Studies', content: 'FLT3-ITD positivo' }]],
      [ids.confirm, [{ name: 'Cytogenetics', content: '46,XX,t(9;11)(p21;q23) — npm1 pendiente' }]],
      [ids.foreign, [{ name: 'NGS', content: 'NPM1 mutado' }]],
    ] as const) {
      expect((await reports(id === ids.foreign ? other : owner, id, [...labReports])).statusCode).toBe(200);
    }
    // NGS OP is the admins' entry: its contents are not searchable (a doctor would find what they cannot see).
    expect((await reports(admin, ids.onlyOp, [{ name: 'NGS OP', content: 'NPM1 TP53' }])).statusCode).toBe(
      200,
    );
    for (const [id, codeOP] of [
      [ids.npm1, 70001],
      [ids.flt3, 70002],
    ] as const) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        token: admin.token,
        payload: { codeOP },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const scope = () => `institutionCode=${institutionCode}&orderBy=createdAt&order=asc`;

  it.each([
    ['text=npm1', ['npm1', 'confirm']],
    ['text=NPM1', ['npm1', 'confirm']],
    ['text=mutacion%20de', ['npm1']],
    ['text=flt3-itd', ['flt3']],
    ['text=flt3', ['npm1', 'flt3']],
    ['text=TP53', []],
    ['text=t(9%3B11)', ['confirm']],
  ])('finds %s in the lab reports', async (query, expected) => {
    const res = await list(admin, `${scope()}&${query}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(expected.map((key) => ids[key as keyof typeof ids]));
  });

  it("shows each row's NGS and molecular contents, and the NGS OP to admins only, as they are written", async () => {
    const rowOf = async (caller: Caller, id: string) =>
      (await list(caller, 'text=npm1')).json().data.find((row: { id: string }) => row.id === id);
    expect(await rowOf(admin, ids.npm1)).toMatchObject({
      ngs: 'Mutación de NPM1 tipo A; FLT3 negativo',
      ngsOp: null,
      molecular: null,
    });
    const written = [
      { name: 'NGS', content: 'NPM1 tipo A' },
      { name: 'Molecular Studies', content: 'FLT3 negativo' },
    ];
    expect((await reports(owner, ids.npm1, written)).statusCode).toBe(200);
    expect((await reports(admin, ids.npm1, [{ name: 'NGS OP', content: 'NPM1 DNMT3A' }])).statusCode).toBe(
      200,
    );
    expect(await rowOf(admin, ids.npm1)).toMatchObject({
      ngs: 'NPM1 tipo A',
      ngsOp: 'NPM1 DNMT3A',
      molecular: 'FLT3 negativo',
    });
    const doctorRow = await rowOf(owner, ids.npm1);
    expect(doctorRow).toMatchObject({ ngs: 'NPM1 tipo A', molecular: 'FLT3 negativo' });
    expect(doctorRow).not.toHaveProperty('ngsOp');
    const restored = [{ name: 'NGS', content: 'Mutación de NPM1 tipo A; FLT3 negativo' }];
    expect((await reports(owner, ids.npm1, restored)).statusCode).toBe(200);
    expect(await rowOf(admin, ids.npm1)).toMatchObject({ ngs: restored[0]?.content });
  });

  it('finds a doctor only their own patients by the lab reports', async () => {
    expect(idsOf(await list(owner, 'text=NPM1&order=asc'))).toEqual([ids.npm1, ids.confirm]);
    expect(idsOf(await list(other, 'text=NPM1'))).toEqual([ids.foreign]);
  });

  it('finds a report once it is written and forgets it once it is changed', async () => {
    expect(idsOf(await list(owner, 'text=CEBPA'))).toEqual([]);
    await reports(owner, ids.all, [{ name: 'Immunophenotype', content: 'CEBPA bialélico' }]);
    expect(idsOf(await list(owner, 'text=cebpa%20bialelico'))).toEqual([ids.all]);
    await reports(owner, ids.all, [{ name: 'Immunophenotype', content: 'CD34+' }]);
    expect(idsOf(await list(owner, 'text=CEBPA'))).toEqual([]);
  });

  it.each([
    ['codeOP=missing', ['onlyOp', 'confirm', 'all', 'bare']],
    ['codeOP=present', ['npm1', 'flt3']],
    ['codeOP=all', ['npm1', 'flt3', 'onlyOp', 'confirm', 'all', 'bare']],
    ['codeOP=missing&text=npm1', ['confirm']],
    ['subtype=confirm', ['confirm']],
    ['subtype=ALL', ['all']],
  ])('filters an admin list by %s', async (query, expected) => {
    const res = await list(admin, `${scope()}&${query}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(expected.map((key) => ids[key as keyof typeof ids]));
    expect(res.json().totalItems).toBe(expected.length);
  });

  it('refuses the Code OP filter to a doctor with 400, in both languages', async () => {
    for (const [language, texts] of [
      ['es', es],
      ['en', en],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: '/api/patients/list?codeOP=missing',
        token: owner.token,
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ codeOP: texts.validation.adminOnlyFilter });
    }
    const outcomes = await t.request({
      method: 'GET',
      url: '/api/outcomes/summary?codeOP=present',
      token: owner.token,
    });
    expect(outcomes.statusCode).toBe(400);
    expect(Object.keys(outcomes.json().fields)).toEqual(['codeOP']);
    expect((await list(admin, 'codeOP=none')).statusCode).toBe(400);
  });

  it('sorts an admin list by creation date, newest first, and answers when each was registered', async () => {
    const fresh = await createPatient(t, owner);
    const res = await list(admin, 'orderBy=createdAt&order=desc&size=1');
    expect(idsOf(res)).toEqual([fresh]);
    const row = res.json().data[0];
    expect(Date.parse(row.createdAt)).not.toBeNaN();
    // By Code OP (the default), a patient without a code comes after every coded one.
    expect(idsOf(await list(admin, 'size=1'))).not.toEqual([fresh]);
  });

  it('pages with each size the list offers', async () => {
    expect(PATIENT_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(patientPageSizeSchema.safeParse('25').success).toBe(true);
    expect(patientPageSizeSchema.safeParse(20).success).toBe(false);
    // Seven patients of the institution (six and the one registered above): one page of 25, two of 5.
    const res = await list(admin, `${scope()}&size=25&page=0`);
    expect(res.json()).toMatchObject({ currentPage: 0, totalPages: 1, totalItems: 7 });
    expect(res.json().data).toHaveLength(7);
    const second = await list(admin, `${scope()}&size=5&page=1`);
    expect(second.json()).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 7 });
    expect(second.json().data).toHaveLength(2);
  });

  describe('the query plan', () => {
    const adminViewer: Viewer = { isAdmin: true, doctorId: null };
    /** The plan of a statement with sequential scans priced out, as on a large table. */
    async function planOf(statement: ReturnType<typeof sql>): Promise<string> {
      return t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql`explain ${statement}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }

    it('searches the lab reports through their trigrams in the filters index', async () => {
      const plan = await planOf(countSql(adminViewer, { text: 'npm1' }));
      expect(plan).toContain('patient_list_filters_idx');
      expect(plan).toMatch(/Index Cond: \(report_text ~~ '%npm1%'::text\)/);
      expect(plan).toMatch(/Index Cond: \(search_text ~~ '%npm1%'::text\)/);
      expect(plan).not.toContain('Seq Scan on patient_list');
    });

    it('counts equality filters from the kept counts and every other filter from the rows, as many as match, for both roles', async () => {
      const total = async (statement: ReturnType<typeof sql>) =>
        ((await t.ctx.db.execute(statement)) as unknown as { rows: { total: number }[] }).rows[0]?.total;
      const ownerViewer: Viewer = { isAdmin: false, doctorId: owner.doctorId };
      // A patient of a hospital whose own text names a hospital too: counted once, not twice.
      const both = [
        { name: 'Molecular Studies', content: 'FLT3-ITD positivo' },
        { name: 'Cytogenetics', content: 'Remitido por otro hospital' },
      ];
      expect((await reports(owner, ids.flt3, both)).statusCode).toBe(200);
      const kept: PatientFilters[] = [
        {},
        { subtype: 'AML' },
        { subtype: 'Other' },
        { dx: 'Secundario' },
        { relapse: 'false' },
        { institutionCode: institutionCode.toUpperCase() },
        { institutionCode, subtype: 'AML', relapse: 'false' },
        { eln: 'adverse', eln2024: 'adverse' },
      ];
      const rows: PatientFilters[] = [
        { text: 'npm1' },
        { text: 'hospital' },
        { text: 'Mutación', subtype: 'AML M2' },
        { text: 'zzz-nothing' },
        { missing: 'lastContactDate' },
        { missing: 'karyotype', subtype: 'AML' },
        { missing: 'cytogenetics', quality: 'none' },
        { missing: 'ngs', quality: 'warning', relapse: 'false' },
        { missing: 'consent', text: 'npm1' },
        { quality: 'error' },
        { followUpDue: 1 },
        { followUpDue: 1, text: 'hospital' },
        { followUpDue: 1, text: 'npm1', subtype: 'AML M2' },
        { obito: '2000-01-01,2030-12-31', text: 'npm1' },
        { query: 'open', text: 'hospital' },
        { followUpDue: 1, text: 'zzz-nothing' },
      ];
      const cases = [
        ...[...kept, ...rows].flatMap((filter) => [
          [adminViewer, filter] as const,
          [ownerViewer, filter] as const,
        ]),
        [adminViewer, { codeOP: 'present' }] as const,
        [adminViewer, { codeOP: 'missing', institutionCode }] as const,
        [adminViewer, { text: 'AL-OP#70001' }] as const,
        [adminViewer, { text: '70002', codeOP: 'present' }] as const,
        [adminViewer, { doctorId: owner.doctorId ?? '', subtype: 'AML' }] as const,
        [adminViewer, { doctorId: owner.doctorId ?? '', text: 'hospital' }] as const,
      ];
      for (const [viewer, filter] of cases) {
        const statement = countSql(viewer, filter);
        const plan = await planOf(statement);
        const rowFilters = ['missing', 'quality', 'followUpDue', 'obito', 'query'];
        const equalities = !Object.keys(filter).some((key) => rowFilters.includes(key));
        expect(isKeptCount(filter), JSON.stringify(filter)).toBe(equalities && !('text' in filter));
        // A search's institutions whose name matches are an equality filter like the others.
        expect(plan.includes('patient_list_counts'), JSON.stringify(filter)).toBe(equalities);
        expect(plan, JSON.stringify(filter)).not.toMatch(/Seq Scan on patient_list /);
        const counted = sql`select count(*)::int as total from patient_list l ${whereOf(listConditions(viewer, filter))}`;
        expect(await total(statement), JSON.stringify(filter)).toBe(await total(counted));
      }
      expect(await total(countSql(adminViewer, { codeOP: 'present' }))).toBe(2);
      expect(await total(countSql(adminViewer, { text: 'AL-OP#70001' }))).toBe(1);
      expect(await total(countSql(ownerViewer, { text: 'npm1' }))).toBe(2);
      expect(await total(countSql(adminViewer, { followUpDue: 1, text: 'hospital' }))).toBeGreaterThan(0);
    });

    it('answers the same page whether it walks the order or sorts the matches', async () => {
      const ownerViewer: Viewer = { isAdmin: false, doctorId: owner.doctorId };
      const ids = async (statement: ReturnType<typeof sql>) =>
        ((await t.ctx.db.execute(statement)) as unknown as { rows: { id: string }[] }).rows.map(
          (row) => row.id,
        );
      const queries = [
        { page: 0, size: 10 },
        { page: 1, size: 2, orderBy: 'createdAt', order: 'asc' },
        { page: 0, size: 3, orderBy: 'codeOP', order: 'asc', text: 'npm1' },
        { page: 1, size: 3, orderBy: 'codeOP', order: 'desc', text: 'hospital' },
        // Matched in both parts of a search (its text, its institution's name): on the page once.
        { page: 0, size: 10, orderBy: 'createdAt', order: 'desc', text: 'hospital', subtype: 'AML' },
        { page: 0, size: 10, subtype: 'AML', orderBy: 'createdAt', order: 'desc' },
        { page: 0, size: 4, followUpDue: 1 },
        { page: 1, size: 2, followUpDue: 1, missing: 'karyotype', orderBy: 'createdAt', order: 'asc' },
      ] as const;
      for (const viewer of [adminViewer, ownerViewer]) {
        for (const query of queries) {
          const walked = await ids(pageSql(viewer, query));
          expect(walked.length, JSON.stringify(query)).toBeGreaterThan(0);
          expect(await ids(pageSql(viewer, query, true)), JSON.stringify(query)).toEqual(walked);
        }
      }
    });

    it('finds a page of a search from the indexes', async () => {
      const plan = await planOf(
        pageSql(adminViewer, { page: 0, size: 10, orderBy: 'createdAt', order: 'desc', text: 'npm1' }),
      );
      expect(plan).not.toContain('Seq Scan on patient_list');
      // Its few matches: the patients whose text matches from the filters index's trigrams, apart from
      // those of the institutions whose name matches.
      const few = await planOf(
        pageSql(adminViewer, { page: 0, size: 10, orderBy: 'codeOP', order: 'desc', text: 'npm1' }, true),
      );
      expect(few).toContain('patient_list_filters_idx');
      expect(few).not.toContain('Seq Scan on patient_list');
    });
  });
});
