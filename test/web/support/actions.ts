import { within } from '@testing-library/react';

const nameOf = (button: HTMLElement) => button.getAttribute('aria-label') ?? button.textContent ?? '';

/**
 * A row's or card's actions split as the screen lays them out: the routine buttons, and the ones in
 * the set-apart "Destructive actions" group (web/src/components/staff/ActionsCell.tsx). Fails when
 * there is no such group.
 */
export function actionGroups(scope: HTMLElement): { routine: string[]; destructive: string[] } {
  const group = within(scope).getByRole('group', { name: 'Destructive actions' });
  const all = within(group.closest<HTMLElement>('.staff-actions')!).getAllByRole('button');
  return {
    routine: all.filter((button) => !group.contains(button)).map(nameOf),
    destructive: within(group).getAllByRole('button').map(nameOf),
  };
}
