import type { CmsEntry } from '@storyhouse/contracts';
import { NewsletterBlock } from '../newsletter/newsletter-block';

/** Spec §3 add_newsletter: the newsletter block closes the pages that ask for it. */
export function PageNewsletter({ entry }: { entry: CmsEntry }) {
  return entry.add_newsletter ? <NewsletterBlock /> : null;
}
