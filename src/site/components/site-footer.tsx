import { COMPANY } from '../../common/constants';
import { SITE_NAV_LINKS } from '../../common/routes';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__name">{COMPANY.name}</p>
          <address>
            {COMPANY.address}
            <br />
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> ·{' '}
            <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}>{COMPANY.phone}</a>
          </address>
        </div>
        <nav aria-label="Footer">
          <ul>
            {SITE_NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
