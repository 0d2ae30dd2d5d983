/** A form's tabs: each shows its count of problems after a refused save, and a save opens the first with any. */
import type { ComponentType, JSX } from 'react';
import { PanelTabs } from '../page/PanelTabs';
import { useFormUi } from './form-ui';

export interface FormTab {
  title: string;
  panel: ComponentType;
}

export function FormTabs({ id, tabs }: { id: string; tabs: readonly FormTab[] }): JSX.Element {
  const { tab, openTab, tabErrors } = useFormUi();
  return (
    <PanelTabs
      id={id}
      selected={tab}
      onSelect={openTab}
      tabs={tabs.map(({ title, panel: Panel }, i) => ({ title, panel: <Panel />, badge: tabErrors.get(i) }))}
    />
  );
}
