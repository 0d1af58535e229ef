import CmsPreviewPage from '../features/cms/cms-preview-page';
import { cmsLayouts } from './cms-layouts';

/**
 * An admin's preview of a page's draft (issue 30 item 3) with the CMS page's
 * own layouts: a module of its own, loaded when it is opened, so the shell's
 * first download carries one import for it.
 */
export default function CmsPreviewScreen() {
  return <CmsPreviewPage layouts={cmsLayouts} />;
}
