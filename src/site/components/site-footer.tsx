import { addressLine, DEFAULT_SITE_TEXTS, type SiteTexts, telHref } from '../../common/site-texts';
import { SITE_NAV_LINKS } from '../../common/routes';

export function SiteFooter({ texts = DEFAULT_SITE_TEXTS }: { texts?: SiteTexts }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__name">{texts.companyName}</p>
          <address>
            {addressLine(texts)}
            <br />
            <a href={`mailto:${texts.email}`}>{texts.email}</a> · <a href={telHref(texts.telephone)}>{texts.telephone}</a>
            <br />
            {texts.openingHours}
          </address>
        </div>
        <nav aria-label="Footer">
          <ul>
            {SITE_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href="/news">News</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
