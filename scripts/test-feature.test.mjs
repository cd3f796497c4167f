import { describe, expect, it } from 'vitest';
import { belongsTo, journeysOf } from './test-feature.mjs';

const JOURNEYS = [
  'accounts',
  'exports',
  'outcome-figure',
  'outcomes',
  'patient-wizard',
  'patients-list',
  'queries',
  'quality',
];

describe('the tests of a feature', () => {
  it('are those under a folder of its name, or in a file whose name begins with it', () => {
    expect(belongsTo('server/src/quality/quality.test.ts', 'quality')).toBe(true);
    expect(belongsTo('shared/src/quality/rules.test.ts', 'quality')).toBe(true);
    expect(belongsTo('web/src/features/patients/wizard/components/genetics-panel.test.tsx', 'genetics')).toBe(
      true,
    );
    expect(belongsTo('shared/src/patients-rules.test.ts', 'patients')).toBe(true);
    expect(belongsTo('web/src/features/outcomes/components/curves.test.ts', 'quality')).toBe(false);
    // A word inside a name is not the feature's name.
    expect(belongsTo('web/src/app/layouts/notifications-menu.test.tsx', 'menu')).toBe(false);
    expect(belongsTo('server/src/users/users-admin.test.ts', 'user')).toBe(false);
  });

  it('narrow to an area beneath the feature', () => {
    expect(belongsTo('server/src/patients/exports/csv.test.ts', 'patients/exports')).toBe(true);
    expect(belongsTo('server/src/patients/read-model/list-search.test.ts', 'patients/list')).toBe(true);
    expect(belongsTo('web/src/features/patients/components/list/export-menu.test.tsx', 'patients/list')).toBe(
      true,
    );
    expect(belongsTo('server/src/patients/patients.test.ts', 'patients/exports')).toBe(false);
    expect(belongsTo('server/src/exports/patients.test.ts', 'patients/exports')).toBe(false);
  });

  it('add the journeys named by the feature, by its singular, or listed for it', () => {
    expect(journeysOf('outcomes', JOURNEYS)).toEqual(['outcome-figure', 'outcomes']);
    expect(journeysOf('patients/list', JOURNEYS)).toEqual(['patients-list']);
    expect(journeysOf('patients/wizard', JOURNEYS)).toEqual(['patient-wizard']);
    expect(journeysOf('patients/exports', JOURNEYS)).toEqual(['exports']);
    expect(journeysOf('quality', JOURNEYS)).toEqual(['queries', 'quality']);
    expect(journeysOf('users', JOURNEYS)).toEqual(['accounts']);
  });
});
