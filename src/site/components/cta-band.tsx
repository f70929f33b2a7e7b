import { DEFAULT_SITE_TEXTS, type SiteTexts, telHref } from '../../common/site-texts';
import { LineIcon } from './icons';

/** The closing call to action shared by the content pages. */
export function CtaBand({ title = 'Ready for IT that just works?', texts = DEFAULT_SITE_TEXTS }: { title?: string; texts?: SiteTexts }) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="cta-band__inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>Tell us what is slowing your team down. A real engineer replies within one working day, with no obligation.</p>
        </div>
        <div className="cta-band__actions">
          <a className="button button--light" href="/support">
            Contact us <LineIcon name="arrow" size={18} />
          </a>
          <a className="cta-band__phone" href={telHref(texts.telephone)}>
            <LineIcon name="phone" size={18} /> {texts.telephone}
          </a>
        </div>
      </div>
    </section>
  );
}
