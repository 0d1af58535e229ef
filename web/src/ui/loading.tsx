import { useI18n } from '../lib/i18n';
import { useOnline } from '../lib/use-online';
import './loading.css';

const CARDS = ['a', 'b', 'c'];

/**
 * A page, a lazy screen or a check still on its way: the page's shape in
 * grey (a heading, a few lines, a row of cards), so the page settles into it
 * instead of jumping from a bare "Loading…" (issue 27 item 10). Screen
 * readers hear "Loading…". `shape="block"` is a few lines, for a part of a
 * page (a form's card field, a panel). Offline, after a moment, a sentence
 * saying the page needs the network takes its place.
 */
export function Loading({ shape = 'page' }: { shape?: 'page' | 'block' }) {
  const { t } = useI18n();
  // Offline, what waits for the network waits until it returns (TanStack Query pauses): after a moment (loading.css:
  // a lazy screen from the worker's cache is quicker) the page says so in place, never grey shapes for as long as one
  // waits.
  if (!useOnline()) {
    return (
      <p className="needs-network" role="status">
        {t('shell.needsNetwork')}
      </p>
    );
  }
  return (
    <div className={`skeleton skeleton--${shape}`} role="status">
      <span className="visually-hidden">{t('shell.loading')}</span>
      {shape === 'page' ? (
        <>
          <div className="skeleton__bar skeleton__bar--title" />
          <div className="skeleton__bar" />
          <div className="skeleton__bar skeleton__bar--short" />
          <div className="skeleton__cards">
            {CARDS.map((c) => (
              <div key={c} className="skeleton__card">
                <div className="skeleton__cover" />
                <div className="skeleton__bar" />
                <div className="skeleton__bar skeleton__bar--short" />
              </div>
            ))}
          </div>
        </>
      ) : (
        <>
          <div className="skeleton__bar" />
          <div className="skeleton__bar" />
          <div className="skeleton__bar skeleton__bar--short" />
        </>
      )}
    </div>
  );
}
