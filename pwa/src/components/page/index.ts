export { Page, PageHeader, type PageHeaderProps } from './Page';
export { PanelTabs, type PanelTab, type PanelTabsProps } from './PanelTabs';
export { CollapsibleSection, type CollapsibleSectionProps } from './CollapsibleSection';
export { RecordShell, shownRecord, type RecordShellProps } from './RecordShell';
export { BrandMark } from './BrandMark';
