import { useI18n } from '../lib/i18n';
import './loading.css';

const CARDS = ['a', 'b', 'c'];

/**
 * A page, a lazy screen or a check still on its way: the page's shape in
 * grey (a heading, a few lines, a row of cards), so the page settles into it
 * instead of jumping from a bare "Loading…" (issue 27 item 10). Screen
 * readers hear "Loading…". `shape="block"` is a few lines, for a part of a
 * page (a form's card field, a panel).
 */
export function Loading({ shape = 'page' }: { shape?: 'page' | 'block' }) {
  const { t } = useI18n();
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
