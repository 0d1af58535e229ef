import type { NewsletterConfig, NewsletterResult, NewsletterSignupInput } from '@storyhouse/contracts';
import { api } from '../../lib/api-client';

/** How long the provider may take before the sign-up counts as failed. */
export const NEWSLETTER_TIMEOUT_MS = 15_000;

let config: Promise<NewsletterConfig> | undefined;

/** GET /crud/newsletter/config, once per page load (a failure is asked again next time). */
export function getNewsletterConfig(): Promise<NewsletterConfig> {
  config ??= api<NewsletterConfig>('/crud/newsletter/config').catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

let sequence = 0;

/**
 * A JSONP request (spec §7 Newsletter: a cross-origin script request to the
 * email-marketing provider): a script tag whose answer calls a callback of a
 * unique name. Rejects on a load error or after the timeout; the tag and the
 * callback are removed either way (a late answer finds a no-op).
 */
function jsonp<T>(url: URL, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const name = `storyhouseNewsletter${Date.now().toString(36)}_${++sequence}`;
    const callbacks = window as unknown as Record<string, ((data: T) => void) | undefined>;
    const script = document.createElement('script');
    const finish = () => {
      clearTimeout(timer);
      script.remove();
      callbacks[name] = () => {};
      // A late answer can still run the no-op; the name is dropped a while later.
      setTimeout(() => delete callbacks[name], 60_000);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('The newsletter provider did not answer in time'));
    }, timeoutMs);
    callbacks[name] = (data) => {
      finish();
      resolve(data);
    };
    script.onerror = () => {
      finish();
      reject(new Error('The newsletter provider could not be reached'));
    };
    url.searchParams.set('c', name);
    script.src = url.toString();
    script.async = true;
    document.head.append(script);
  });
}

/**
 * Subscribes to the site language's newsletter list (spec §4 Newsletter
 * submit): resolves the provider's result, whose `msg` is shown as it is;
 * rejects when the provider could not be reached. Fields go by the
 * provider's names (EMAIL, FNAME, LNAME, id the list).
 */
export async function subscribeNewsletter({ email, fname = '', lname = '' }: NewsletterSignupInput): Promise<NewsletterResult> {
  const { url, list_id } = await getNewsletterConfig();
  const target = new URL(url, window.location.origin);
  target.searchParams.set('id', list_id);
  target.searchParams.set('EMAIL', email);
  target.searchParams.set('FNAME', fname);
  target.searchParams.set('LNAME', lname);
  const reply = await jsonp<Partial<NewsletterResult>>(target, NEWSLETTER_TIMEOUT_MS);
  return { result: reply?.result === 'success' ? 'success' : 'error', msg: typeof reply?.msg === 'string' ? reply.msg : '' };
}
