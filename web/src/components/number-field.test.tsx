import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderScreen } from '../test/render.tsx';
import { NumberField } from './number-field.tsx';

function Harness({
  onChange,
  initial = '',
}: {
  readonly onChange: (value: number | string) => void;
  readonly initial?: number | string;
}) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <NumberField
      label="Blastos"
      suffix=" %"
      decimalScale={2}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('reads a decimal comma in Spanish and shows the number with it', async () => {
    const onChange = vi.fn();
    renderScreen(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Blastos' });
    await userEvent.type(input, '0,5');
    expect(onChange).toHaveBeenLastCalledWith(0.5);
    await userEvent.tab();
    expect(input).toHaveValue('0,5 %');
  });

  it('shows a stored number in the language of the user', async () => {
    renderScreen(<Harness onChange={vi.fn()} initial={0.05} />);
    expect(screen.getByRole('textbox', { name: 'Blastos' })).toHaveValue('0,05 %');
    await i18n.changeLanguage('en');
    expect(await screen.findByDisplayValue('0.05 %')).toBeInTheDocument();
  });

  it('keeps a number out of range as typed, for the form to refuse, rather than clamping it', async () => {
    const onChange = vi.fn();
    renderScreen(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Blastos' });
    await userEvent.type(input, '150');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(150);
    expect(input).toHaveValue('150 %');
  });

  it('holds a half-typed number as its text, never as the number it may become', async () => {
    const onChange = vi.fn();
    renderScreen(<Harness onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Blastos' });
    await userEvent.type(input, '7,');
    expect(onChange).toHaveBeenLastCalledWith('7.');
    await userEvent.type(input, '5');
    expect(onChange).toHaveBeenLastCalledWith(7.5);
  });

  it('reads a point typed in Spanish, and the comma typed in English, as the decimal sign', async () => {
    const onChange = vi.fn();
    renderScreen(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Blastos' }), '7.5');
    expect(onChange).toHaveBeenLastCalledWith(7.5);
    await i18n.changeLanguage('en');
    const input = screen.getByRole('textbox', { name: 'Blastos' });
    await userEvent.clear(input);
    await userEvent.type(input, '7,5');
    expect(onChange).toHaveBeenLastCalledWith(7.5);
  });
});
