import type { CmsTemplate, ContentByUrlResponse } from '@storyhouse/contracts';
import type { ComponentType } from 'react';

/** What every CMS layout is given: the page the CMS resolved (its entry, template and menu branch). */
export interface LayoutProps {
  page: ContentByUrlResponse;
}

/**
 * The layout of each entry type. The registry lives in app/cms-layouts.tsx
 * (it names layouts of several features); the CMS page is handed it, so no
 * feature imports another or app/.
 */
export type CmsLayouts = Record<CmsTemplate, ComponentType<LayoutProps>>;
