import { useState } from 'react';
import { Outlet } from 'react-router';

import { useSessionCheck } from '@/features/auth/lib/use-session-check';
import { PageTitleContext } from '@/hooks/use-page-title';

import { useDocumentHead } from '../navigation/use-document-head';
import { useNavigationRules } from '../navigation/use-navigation-rules';

/**
 * Wraps every page, inside the layout or not, with the navigation rules, the session check
 * and the head tags.
 */
export function RootRoute() {
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  useNavigationRules();
  useSessionCheck();
  useDocumentHead(pageTitle);
  return (
    <PageTitleContext value={setPageTitle}>
      <Outlet />
    </PageTitleContext>
  );
}
