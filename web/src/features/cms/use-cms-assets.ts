import { useEffect } from 'react';

/** Only site-relative paths or https addresses (the CSP decides what actually runs). */
const allowed = (url: string) => /^\/[^/]/.test(url) || url.startsWith('https://');

/**
 * Spec §2 Basic subpage: extra scripts and stylesheets the CMS lists for a
 * page are added to the document once: visiting the page again, or another
 * page listing the same file, adds nothing.
 */
export function useCmsAssets(scripts: readonly string[], stylesheets: readonly string[]) {
  useEffect(() => {
    for (const href of stylesheets.filter(allowed)) {
      if (document.querySelector(`link[data-cms-asset="${CSS.escape(href)}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.dataset.cmsAsset = href;
      document.head.append(link);
    }
    for (const src of scripts.filter(allowed)) {
      if (document.querySelector(`script[data-cms-asset="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.cmsAsset = src;
      document.body.append(script);
    }
  }, [scripts, stylesheets]);
}
