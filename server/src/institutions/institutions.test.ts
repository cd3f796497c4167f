import { randomUUID } from 'node:crypto';
import { en, es, INSTITUTION_TYPES } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctors, institutions, patients, sessions } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface InstitutionRow {
  id: string;
  name: string;
  code: string;
  type: string;
  isActive: boolean;
  createdAt: string;
  doctorsQty: number;
  patientsQty: number;
}

describe('institutions: /api/institutions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  let adminToken: string;

  const login = (email: string, password = TEST_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await insertUser(t.ctx.db, { isAdmin: true });
    adminToken = await t.signIn(admin.email);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return t.request({ method: 'GET', url: `/api/institutions/list?${search}`, token: adminToken, headers });
  };

  async function listRows(query: Record<string, string | number>): Promise<InstitutionRow[]> {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  const create = (payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/institutions', payload, token: adminToken, headers });
  const patch = (id: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url: `/api/institutions/${id}`, payload, token: adminToken, headers });

  /** Gives an institution `doctorsQty` doctors and `patientsQty` patients (spread over its doctors). */
  async function populate(institutionId: string, doctorsQty: number, patientsQty: number) {
    const created = [];
    for (let i = 0; i < doctorsQty; i++) {
      const user = await insertUser(t.ctx.db, { institutionId });
      const [doctor] = await t.ctx.db.select().from(doctors).where(eq(doctors.userId, user.id));
      created.push({ user, doctor: doctor as typeof doctors.$inferSelect });
    }
    for (let i = 0; i < patientsQty; i++) {
      const owner = created[i % created.length];
      if (!owner) {
        throw new Error('patients need a doctor');
      }
      await t.ctx.db
        .insert(patients)
        .values({ institutionId, doctorId: owner.doctor.id, identification: `P-${i}` });
    }
    return created;
  }

  describe('GET /api/institutions/list', () => {
    it('counts the doctors and patients of each institution exactly', async () => {
      const busy = await insertInstitution(t.ctx.db, { name: 'Hospital Conteo Lleno', type: 'Hospital' });
      const empty = await insertInstitution(t.ctx.db, { name: 'Hospital Conteo Vacío', type: 'Fundación' });
      await populate(busy.id, 2, 3);

      const res = await list({ filter: 'conteo', orderBy: 'name', order: 'asc' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          {
            id: busy.id,
            name: 'Hospital Conteo Lleno',
            code: busy.code,
            type: 'Hospital',
            isActive: true,
            createdAt: busy.createdAt.toISOString(),
            doctorsQty: 2,
            patientsQty: 3,
          },
          {
            id: empty.id,
            name: 'Hospital Conteo Vacío',
            code: empty.code,
            type: 'Fundación',
            isActive: true,
            createdAt: empty.createdAt.toISOString(),
            doctorsQty: 0,
            patientsQty: 0,
          },
        ],
        currentPage: 0,
        totalPages: 1,
        totalItems: 2,
      });
    });

    describe('filter', () => {
      let target: Awaited<ReturnType<typeof insertInstitution>>;

      beforeAll(async () => {
        target = await insertInstitution(t.ctx.db, { name: 'Fundación Médica Señor', code: 'FMSFILTRO7' });
        await insertInstitution(t.ctx.db, { name: 'Otra Fundacion Cualquiera' });
      });

      it.each([
        ['the name without accents', 'medica senor'],
        ['the name in capitals with accents', 'FUNDACIÓN MÉDICA'],
        ['the code in another case', 'fmsfiltro'],
        ['the whole code', 'FMSFILTRO7'],
        ['text with spaces around it', '  médica  '],
      ])('matches %s (%j)', async (_, filter) => {
        const rows = await listRows({ filter });
        expect(rows.map((row) => row.id)).toEqual([target.id]);
      });

      it("matches '%' literally", async () => {
        const percent = await insertInstitution(t.ctx.db, { name: 'Laboratorio 100% Propio' });
        expect((await listRows({ filter: '%' })).map((row) => row.id)).toEqual([percent.id]);
      });

      it('answers nothing, with 0 pages, when nothing matches', async () => {
        const res = await list({ filter: 'no-such-institution' });
        expect(res.json()).toEqual({ data: [], currentPage: 0, totalPages: 0, totalItems: 0 });
      });
    });

    describe('orderBy and paging', () => {
      const MARKER = 'zinst';
      const byKey: Record<string, string> = {};

      beforeAll(async () => {
        const specs = [
          {
            key: 'i1',
            name: 'Alfa',
            code: 'ZIC',
            type: 'Laboratorio',
            active: true,
            day: 3,
            docs: 1,
            pats: 2,
          },
          {
            key: 'i2',
            name: 'beta',
            code: 'zia',
            type: 'Fundación',
            active: false,
            day: 1,
            docs: 2,
            pats: 1,
          },
          { key: 'i3', name: 'Delta', code: 'ZID', type: 'Hospital', active: true, day: 4, docs: 3, pats: 3 },
          {
            key: 'i4',
            name: 'gamma',
            code: 'zib',
            type: 'BioBanco',
            active: false,
            day: 2,
            docs: 0,
            pats: 0,
          },
        ] as const;
        for (const spec of specs) {
          const institution = await insertInstitution(t.ctx.db, {
            name: `${spec.name} ${MARKER}`,
            code: spec.code,
            type: spec.type,
          });
          await populate(institution.id, spec.docs, spec.pats);
          await t.ctx.db
            .update(institutions)
            .set({ createdAt: new Date(Date.UTC(2024, 5, spec.day)), isActive: spec.active })
            .where(eq(institutions.id, institution.id));
          byKey[spec.key] = institution.id;
        }
      });

      const ids = (keys: string) => keys.split(' ').map((key) => byKey[key]);

      it.each([
        ['name', 'asc', 'i1 i2 i3 i4'],
        ['name', 'desc', 'i4 i3 i2 i1'],
        ['code', 'asc', 'i2 i4 i1 i3'],
        ['code', 'desc', 'i3 i1 i4 i2'],
        ['type', 'asc', 'i4 i2 i3 i1'],
        ['type', 'desc', 'i1 i3 i2 i4'],
        ['createdAt', 'asc', 'i2 i4 i1 i3'],
        ['createdAt', 'desc', 'i3 i1 i4 i2'],
        ['doctorsQty', 'asc', 'i4 i1 i2 i3'],
        ['doctorsQty', 'desc', 'i3 i2 i1 i4'],
        ['patientsQty', 'asc', 'i4 i2 i1 i3'],
        ['patientsQty', 'desc', 'i3 i1 i2 i4'],
      ])('sorts by %s %s', async (orderBy, order, expected) => {
        const rows = await listRows({ filter: MARKER, orderBy, order });
        expect(rows.map((row) => row.id)).toEqual(ids(expected));
      });

      it.each(['asc', 'desc'] as const)('sorts by isActive %s', async (order) => {
        const rows = await listRows({ filter: MARKER, orderBy: 'isActive', order });
        const values = rows.map((row) => Number(row.isActive));
        expect(values).toEqual(order === 'asc' ? [0, 0, 1, 1] : [1, 1, 0, 0]);
      });

      it('sorts by createdAt, newest first, when no order is given', async () => {
        const rows = await listRows({ filter: MARKER });
        expect(rows.map((row) => row.id)).toEqual(ids('i3 i1 i4 i2'));
      });

      it('answers the counts of each row', async () => {
        const rows = await listRows({ filter: MARKER, orderBy: 'name', order: 'asc' });
        expect(rows.map((row) => [row.doctorsQty, row.patientsQty])).toEqual([
          [1, 2],
          [2, 1],
          [3, 3],
          [0, 0],
        ]);
      });

      it('pages with page 0-based, size, totalPages and totalItems', async () => {
        const first = await list({ filter: MARKER, orderBy: 'name', order: 'asc', size: 3 });
        expect(first.json()).toMatchObject({ currentPage: 0, totalPages: 2, totalItems: 4 });
        expect(first.json().data.map((row: InstitutionRow) => row.id)).toEqual(ids('i1 i2 i3'));
        const second = await list({ filter: MARKER, orderBy: 'name', order: 'asc', size: 3, page: 1 });
        expect(second.json()).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 4 });
        expect(second.json().data.map((row: InstitutionRow) => row.id)).toEqual(ids('i4'));
      });

      it('uses pages of 10 by default and takes up to 1000', async () => {
        for (let i = 0; i < 8; i++) {
          await insertInstitution(t.ctx.db, { name: `Relleno ${MARKER} ${i}` });
        }
        const byDefault = await list({ filter: MARKER });
        expect(byDefault.json().data).toHaveLength(10);
        expect(byDefault.json()).toMatchObject({ currentPage: 0, totalPages: 2, totalItems: 12 });
        const all = await list({ filter: MARKER, size: 1000 });
        expect(all.json().data).toHaveLength(12);
        expect(all.json()).toMatchObject({ totalPages: 1, totalItems: 12 });
      });

      it.each([
        ['size=1001', { size: 1001 }, 'size'],
        ['page=-1', { page: -1 }, 'page'],
        ['orderBy=email', { orderBy: 'email' }, 'orderBy'],
        ['an unknown parameter', { type: 'Hospital' }, 'type'],
      ])('refuses %s with 400 VALIDATION_FAILED', async (_, query, field) => {
        const res = await list(query);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.json().fields)).toEqual([field]);
      });
    });
  });

  describe('POST /api/institutions', () => {
    it('creates an institution: 201 with its row', async () => {
      const res = await create({ name: 'Hospital Nuevo', type: 'Hospital', code: 'HNUEVO' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        data: {
          id: expect.stringMatching(UUID),
          name: 'Hospital Nuevo',
          code: 'HNUEVO',
          type: 'Hospital',
          isActive: true,
          createdAt: expect.any(String),
          doctorsQty: 0,
          patientsQty: 0,
        },
      });
      const rows = await listRows({ filter: 'HNUEVO' });
      expect(rows).toEqual([res.json().data]);
    });

    it.each(INSTITUTION_TYPES.map((type) => [type]))('accepts the type %s', async (type) => {
      const res = await create({
        name: `Tipo ${type}`,
        type,
        code: `TIPO${INSTITUTION_TYPES.indexOf(type)}`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.type).toBe(type);
    });

    it("records 'institution.create' with the new values", async () => {
      const res = await create({ name: 'Auditada', type: 'Laboratorio', code: 'AUDITC' });
      const id = res.json().data.id as string;
      const rows = await t.auditOf(id, 'institution.create');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: admin.id,
        actorEmail: admin.email,
        outcome: 'ok',
        entityType: 'institution',
        entityId: id,
        changes: {
          name: { old: null, new: 'Auditada' },
          code: { old: null, new: 'AUDITC' },
          type: { old: null, new: 'Laboratorio' },
        },
      });
    });

    it('refuses a name that differs only in letter case with 409 INSTITUTION_NAME_EXISTS', async () => {
      await create({ name: 'Sanatorio Único', type: 'Hospital', code: 'SUNICO1' });
      const res = await create({ name: 'SANATORIO ÚNICO', type: 'Hospital', code: 'SUNICO2' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: es.errors.INSTITUTION_NAME_EXISTS,
        code: 'INSTITUTION_NAME_EXISTS',
        fields: { name: es.errors.INSTITUTION_NAME_EXISTS },
        requestId: expect.any(String),
      });
    });

    it('refuses a code that differs only in letter case with 409 INSTITUTION_CODE_EXISTS', async () => {
      await create({ name: 'Código Repetido Uno', type: 'Hospital', code: 'RepCode' });
      const res = await create({ name: 'Código Repetido Dos', type: 'Hospital', code: 'REPCODE' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: es.errors.INSTITUTION_CODE_EXISTS,
        code: 'INSTITUTION_CODE_EXISTS',
        fields: { code: es.errors.INSTITUTION_CODE_EXISTS },
        requestId: expect.any(String),
      });
      expect(await listRows({ filter: 'Código Repetido' })).toHaveLength(1);
    });

    it('says so in English when asked', async () => {
      await create({ name: 'English Clinic', type: 'Hospital', code: 'ENGC' });
      const res = await create(
        { name: 'english clinic', type: 'Hospital', code: 'ENGC2' },
        { 'accept-language': 'en' },
      );
      expect(res.json()).toMatchObject({
        message: en.errors.INSTITUTION_NAME_EXISTS,
        fields: { name: en.errors.INSTITUTION_NAME_EXISTS },
      });
    });

    it("refuses an empty body with 400 and 'Este campo es obligatorio.' for each field", async () => {
      const res = await create({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: es.errors.VALIDATION_FAILED,
        code: 'VALIDATION_FAILED',
        fields: {
          name: 'Este campo es obligatorio.',
          type: 'Este campo es obligatorio.',
          code: 'Este campo es obligatorio.',
        },
        requestId: expect.any(String),
      });
    });

    it.each(['name', 'type', 'code'])('refuses a body without %s with 400 naming it', async (field) => {
      const payload: Record<string, string> = { name: 'Falta Campo', type: 'Hospital', code: 'FALTA' };
      delete payload[field];
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: 'Este campo es obligatorio.' });
    });

    it.each([
      ['a blank name', { name: '   ' }, 'name'],
      ['a blank code', { code: '  ' }, 'code'],
      ['a type outside Laboratorio/Fundación/Hospital/BioBanco', { type: 'Clinica' }, 'type'],
      ['a type in another letter case', { type: 'hospital' }, 'type'],
      ['an unknown field', { isActive: false }, 'isActive'],
    ])('refuses %s with 400 naming the field', async (_, change, field) => {
      const res = await create({ name: 'Campo Malo', type: 'Hospital', code: 'MALO', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields)).toEqual([field]);
    });
  });

  describe('PATCH /api/institutions/{id}', () => {
    it("deactivating ends its doctors' sessions at once and refuses their sign-in; reactivating lets them in", async () => {
      const institution = await insertInstitution(t.ctx.db);
      const [{ user: doctor } = { user: undefined }] = await populate(institution.id, 1, 0);
      if (!doctor) {
        throw new Error('no doctor');
      }
      const elsewhere = await insertInstitution(t.ctx.db);
      const [{ user: bystander } = { user: undefined }] = await populate(elsewhere.id, 1, 0);
      if (!bystander) {
        throw new Error('no doctor');
      }
      const token = await t.signIn(doctor.email);
      const bystanderToken = await t.signIn(bystander.email);

      const off = await patch(institution.id, { isActive: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: institution.id, isActive: false, doctorsQty: 1 });
      expect((await t.me(token)).statusCode).toBe(401);
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, doctor.id))).toEqual([]);
      const refused = await login(doctor.email);
      // The right password of a doctor of an inactive institution answers as a wrong one (CONTRACT §7).
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_CREDENTIALS');
      // Doctors of other institutions are not touched.
      expect((await t.me(bystanderToken)).statusCode).toBe(200);
      expect((await listRows({ filter: institution.code }))[0]?.isActive).toBe(false);

      const on = await patch(institution.id, { isActive: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().data).toMatchObject({ id: institution.id, isActive: true });
      expect((await t.me(token)).statusCode).toBe(401);
      expect((await t.me(await t.signIn(doctor.email))).statusCode).toBe(200);
    });

    it("records 'institution.update' with the old and new isActive", async () => {
      const institution = await insertInstitution(t.ctx.db);
      await patch(institution.id, { isActive: false });
      await patch(institution.id, { isActive: true });
      const rows = await t.auditOf(institution.id, 'institution.update');
      expect(rows.map((row) => row.changes)).toEqual([
        { isActive: { old: true, new: false } },
        { isActive: { old: false, new: true } },
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ actorUserId: admin.id, outcome: 'ok', entityType: 'institution' });
      }
    });

    it('answers 404 NOT_FOUND for an unknown id', async () => {
      const res = await patch(randomUUID(), { isActive: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: es.errors.NOT_FOUND,
        code: 'NOT_FOUND',
        requestId: expect.any(String),
      });
    });

    it('answers 400 for an id that is not a UUID', async () => {
      expect((await patch('12', { isActive: false })).statusCode).toBe(400);
    });

    it.each([
      ['an unknown field', { isActive: false, doctorsQty: 3 }, 'doctorsQty'],
      ['no field at all', {}, '_'],
      ['isActive that is not a boolean', { isActive: 'false' }, 'isActive'],
      ['an empty name', { name: '  ' }, 'name'],
      ['a code of 51 characters', { code: 'C'.repeat(51) }, 'code'],
      ['an unknown type', { type: 'Clínica' }, 'type'],
    ])('refuses a body with %s with 400 and changes nothing', async (_, body, field) => {
      const institution = await insertInstitution(t.ctx.db);
      const res = await patch(institution.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty([field]);
      const [stored] = await t.ctx.db.select().from(institutions).where(eq(institutions.id, institution.id));
      expect(stored).toMatchObject({ isActive: true, name: institution.name, code: institution.code });
    });

    it('renames, recodes and retypes an institution, answering it with its counts, and lists the new values', async () => {
      const institution = await insertInstitution(t.ctx.db, { type: 'Hospital' });
      await populate(institution.id, 1, 2);
      const name = `Fundación Renombrada ${randomUUID().slice(0, 8)}`;
      const code = `REN-${randomUUID().slice(0, 8)}`;
      const res = await patch(institution.id, { name, code, type: 'Fundación' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: institution.id,
        name,
        code,
        type: 'Fundación',
        isActive: true,
        createdAt: institution.createdAt.toISOString(),
        doctorsQty: 1,
        patientsQty: 2,
      });
      expect((await listRows({ filter: code }))[0]).toMatchObject({ name, type: 'Fundación' });
    });

    it('changes only the fields sent and keeps the sessions of its doctors', async () => {
      const institution = await insertInstitution(t.ctx.db);
      const [{ user: doctor } = { user: undefined }] = await populate(institution.id, 1, 0);
      if (!doctor) {
        throw new Error('no doctor');
      }
      const token = await t.signIn(doctor.email);
      const res = await patch(institution.id, { type: 'BioBanco' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: institution.name,
        code: institution.code,
        type: 'BioBanco',
      });
      expect((await t.me(token)).statusCode).toBe(200);
    });

    it("records 'institution.update' with each changed field's old and new value", async () => {
      const institution = await insertInstitution(t.ctx.db, { type: 'Hospital' });
      const code = `AUD-${randomUUID().slice(0, 8)}`;
      await patch(institution.id, { name: institution.name, code, type: 'Laboratorio' });
      const [row] = await t.auditOf(institution.id, 'institution.update');
      expect(row).toMatchObject({ actorUserId: admin.id, outcome: 'ok', entityType: 'institution' });
      expect(row?.changes).toEqual({
        code: { old: institution.code, new: code },
        type: { old: 'Hospital', new: 'Laboratorio' },
      });
    });

    it('refuses a name or code of another institution, in any letter case, with 409 on that field', async () => {
      const taken = await insertInstitution(t.ctx.db, {
        name: `Hospital Ocupado ${randomUUID().slice(0, 8)}`,
      });
      const institution = await insertInstitution(t.ctx.db);
      const byName = await patch(institution.id, { name: taken.name.toUpperCase() });
      expect(byName.statusCode).toBe(409);
      expect(byName.json()).toMatchObject({
        code: 'INSTITUTION_NAME_EXISTS',
        fields: { name: es.errors.INSTITUTION_NAME_EXISTS },
      });
      const byCode = await patch(
        institution.id,
        { code: taken.code.toLowerCase() },
        { 'accept-language': 'en' },
      );
      expect(byCode.statusCode).toBe(409);
      expect(byCode.json()).toMatchObject({
        code: 'INSTITUTION_CODE_EXISTS',
        fields: { code: en.errors.INSTITUTION_CODE_EXISTS },
      });
      const [stored] = await t.ctx.db.select().from(institutions).where(eq(institutions.id, institution.id));
      expect(stored).toMatchObject({ name: institution.name, code: institution.code });
      expect(await t.auditOf(institution.id, 'institution.update')).toEqual([]);
      // Its own name in another letter case is no conflict.
      const own = await patch(institution.id, { name: institution.name.toUpperCase() });
      expect(own.statusCode).toBe(200);
    });

    it('refuses a doctor with 403', async () => {
      const institution = await insertInstitution(t.ctx.db);
      const [{ user: doctor } = { user: undefined }] = await populate(institution.id, 1, 0);
      if (!doctor) {
        throw new Error('no doctor');
      }
      const res = await t.request({
        method: 'PATCH',
        url: `/api/institutions/${institution.id}`,
        payload: { name: 'Tomada' },
        token: await t.signIn(doctor.email),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('GET /api/institutions/codes', () => {
    it('returns every code with its name, inactive ones too, sorted by code', async () => {
      const inactive = await insertInstitution(t.ctx.db, { code: 'AAAINACTIVA', isActive: false });
      const res = await t.request({ method: 'GET', url: '/api/institutions/codes', token: adminToken });
      expect(res.statusCode).toBe(200);
      const codes = res.json().data as { code: string; name: string }[];
      for (const entry of codes) {
        expect(Object.keys(entry).sort()).toEqual(['code', 'name']);
      }
      const stored = await t.ctx.db
        .select({ code: institutions.code, name: institutions.name })
        .from(institutions);
      const expected = [...stored].sort((a, b) => {
        const [x, y] = [a.code.toLowerCase(), b.code.toLowerCase()];
        if (x < y) {
          return -1;
        }
        return x > y ? 1 : 0;
      });
      expect(codes).toEqual(expected);
      expect(codes).toContainEqual({ code: 'AAAINACTIVA', name: inactive.name });
    });
  });
});
