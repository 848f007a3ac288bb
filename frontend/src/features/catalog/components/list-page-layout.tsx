import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { Drawer, DrawerClose } from '@/components/ui/drawer';

import './catalog.css';

interface ListPageLayoutProps {
  crumbs: readonly Crumb[];
  heading: ReactNode;
  /** The filters, in the sidebar on wide screens and in a drawer on phones. */
  sidebar: ReactNode;
  /** Text of the drawer's close button ("Show 312 results"). */
  showResultsLabel: string;
  children: (openFilters: () => void) => ReactNode;
}

/** The frame of a product list: breadcrumbs, heading, filter sidebar (drawer on phones), results. */
export function ListPageLayout({
  crumbs,
  heading,
  sidebar,
  showResultsLabel,
  children,
}: ListPageLayoutProps) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="ks-container ks-page ks-list-page">
      <Breadcrumbs items={crumbs} />
      <header className="ks-list-page__header">{heading}</header>
      <div className="ks-list-page__layout">
        <aside className="ks-list-page__sidebar" aria-label={t('catalog.filters.title')}>
          <h2 className="ks-list-page__sidebar-title">{t('catalog.filters.title')}</h2>
          {sidebar}
        </aside>
        <div className="ks-list-page__main">{children(() => setDrawerOpen(true))}</div>
      </div>
      <Drawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        title={t('catalog.filters.title')}
        testId="filter-drawer"
        footer={
          <DrawerClose className="ks-button ks-button--primary">{showResultsLabel}</DrawerClose>
        }
      >
        {sidebar}
      </Drawer>
    </div>
  );
}
