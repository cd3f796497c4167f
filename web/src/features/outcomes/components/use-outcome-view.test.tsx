import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { useOutcomeView } from './use-outcome-view.ts';

/** Two changes in one event, as a quick user makes before the router shows the first. */
function TwoChanges() {
  const { view, setEndpoint, setGroupBy, setFilters } = useOutcomeView(true);
  return (
    <>
      <output>{JSON.stringify(view)}</output>
      <button
        type="button"
        onClick={() => {
          setEndpoint('rfs');
          setGroupBy('subtype');
          setFilters({ dxFrom: '2020-01-01', dxTo: '2020-12-31' });
        }}
      >
        change
      </button>
    </>
  );
}

describe('useOutcomeView', () => {
  it('keeps every change made before the address shows the first', async () => {
    const { router } = renderScreen(<TwoChanges />, { path: '/outcomes?relapse=true' });
    await userEvent.click(screen.getByRole('button', { name: 'change' }));
    expect(router.state.location.search).toBe(
      '?endpoint=rfs&groupBy=subtype&relapse=true&dxFrom=2020-01-01&dxTo=2020-12-31',
    );
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toMatchObject({
      endpoint: 'rfs',
      groupBy: 'subtype',
      filters: { relapse: 'true', dxFrom: '2020-01-01', dxTo: '2020-12-31' },
    });
  });
});
