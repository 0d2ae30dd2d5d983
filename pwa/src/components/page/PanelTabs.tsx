/** Tabs over the sections of a long record; on a narrow tablet they wrap rather than hide. */
import { Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState, type JSX, type ReactNode } from 'react';
import './page.css';

export interface PanelTab {
  title: string;
  panel: ReactNode;
  /** A red count beside the title (problems in that tab); nothing when 0 or absent. */
  badge?: number;
}

export interface PanelTabsProps {
  id: string;
  tabs: PanelTab[];
  /** Controlled selection (index); without it the tabs keep their own. */
  selected?: number;
  onSelect?: (index: number) => void;
}

export function PanelTabs({ id, tabs, selected, onSelect }: PanelTabsProps): JSX.Element {
  const [own, setOwn] = useState(0);
  const current = selected ?? own;
  return (
    <Tabs
      id={id}
      className="page-tabs"
      selectedTabId={current}
      onChange={(next) => (onSelect ?? setOwn)(Number(next))}
      renderActiveTabPanelOnly
      animate={false}
    >
      {tabs.map((tab, i) => (
        <Tab
          key={tab.title}
          id={i}
          // Blueprint's arrow keys move only between tabs marked aria-disabled="false", which it
          // renders only for an explicit `disabled={false}`: without it the keyboard is stuck on one tab.
          disabled={false}
          title={
            <>
              {tab.title}
              {tab.badge ? (
                <Tag round intent={Intent.DANGER} className="page-tab-count" aria-hidden>
                  {tab.badge}
                </Tag>
              ) : null}
            </>
          }
          panel={<div className="page-panel">{tab.panel}</div>}
        />
      ))}
    </Tabs>
  );
}
