import type { Eln2022Category, Risk } from '@registry/shared';

/** The colour of each ELN 2022 category's dot (the text stays dark, for contrast). */
export const ELN_COLORS: Readonly<Record<Eln2022Category, string>> = {
  favorable: 'green.7',
  intermediate: 'yellow.6',
  adverse: 'red.7',
  insufficient: 'gray.6',
  not_applicable: 'gray.4',
};

/**
 * Whether the doctor's own risk and the ELN 2022 category disagree (CONTRACT §10): a low risk beside an
 * adverse category, or a high one beside a favorable category.
 */
export function riskDisagrees(risk: Risk | null | undefined, category: Eln2022Category): boolean {
  return (risk === 'Bajo' && category === 'adverse') || (risk === 'Alto' && category === 'favorable');
}
