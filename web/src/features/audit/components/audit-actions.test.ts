import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { AUDIT_ACTIONS } from './audit-actions.ts';

describe('the actions of the audit filter', () => {
  it.each(['es', 'en'])('each have a label in %s, and no two the same', (language) => {
    const missing = AUDIT_ACTIONS.filter(
      (action) => !i18n.exists(`changeLog.actions.${action}`, { lng: language }),
    );
    expect(missing).toEqual([]);
    const labels = AUDIT_ACTIONS.map((action) =>
      i18n.t(`changeLog.actions.${action}` as never, { lng: language }),
    );
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });
});
