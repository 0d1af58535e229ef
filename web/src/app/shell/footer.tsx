import { type LangCode, langCodes } from '@storyhouse/contracts';
import { useI18n } from '../../lib/i18n';
import { serverPage } from '../../lib/server-page';
import { RouteLink } from '../../ui/route-link';

/** The other language sites, as the server announced them in <link rel="alternate" hreflang> (a server render: the same links, decision 015). */
function sisterSites(current: LangCode): { lang: LangCode; href: string }[] {
  const server = serverPage();
  return langCodes.flatMap((lang) => {
    if (lang === current) return [];
    if (server) {
      const href = server.alternates[lang];
      return href ? [{ lang, href }] : [];
    }
    const link = document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${lang}"]`);
    return link ? [{ lang, href: link.href }] : [];
  });
}

const social = [
  ['footer.facebook', 'footer.facebookUrl'],
  ['footer.youtube', 'footer.youtubeUrl'],
  ['footer.instagram', 'footer.instagramUrl'],
] as const;

/** Spec §2 Shell: the footer of the site language. */
export function Footer() {
  const { t, lang } = useI18n();
  const sisters = sisterSites(lang);
  return (
    <footer className="footer">
      <div className="footer__grid">
        <address className="footer__contact">
          <strong>{t('footer.ministry')}</strong>
          <br />
          {t('footer.addressLine1')}
          <br />
          {t('footer.addressLine2')}
          <br />
          {t('footer.emailLabel')}: <a href={`mailto:${t('footer.email')}`}>{t('footer.email')}</a>
          <br />
          {t('footer.phoneLabel')}: <a href={`tel:${t('footer.phone').replace(/[^+\d]/g, '')}`}>{t('footer.phone')}</a>
        </address>
        <nav aria-label={t('footer.social')}>
          <h2 className="footer__heading">{t('footer.social')}</h2>
          <ul className="footer__list">
            {social.map(([name, url]) => (
              <li key={name}>
                <a href={t(url)} target="_blank" rel="noopener noreferrer">
                  {t(name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {sisters.length > 0 && (
          <nav aria-label={t('footer.sisterSites')}>
            <h2 className="footer__heading">{t('footer.sisterSites')}</h2>
            <ul className="footer__list">
              {sisters.map((s) => (
                <li key={s.lang}>
                  <a href={s.href} hrefLang={s.lang} lang={s.lang}>
                    {t(`footer.siteIn.${s.lang}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <p className="footer__legal">
        <RouteLink to="privacy">{t('footer.privacy')}</RouteLink>{' '}
        {t('footer.copyright', { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}
