import { addressLine, DEFAULT_SITE_TEXTS, telHref } from '../../common/site-texts';
import { ContactForm } from '../components/contact-form';
import { LineIcon } from '../components/icons';
import type { SitePageData } from '../../common/site-data';

export function SupportPage({ data }: { data: Extract<SitePageData, { page: 'support' }> }) {
  const texts = data.texts ?? DEFAULT_SITE_TEXTS;
  return (
    <>
      <section className="page-hero page-hero--compact" aria-labelledby="contact-title">
        <div className="page-hero__inner">
          <p className="eyebrow">We are here to help</p>
          <h1 id="contact-title">Contact Us</h1>
          <p className="lead">Questions, quotes or a computer that will not cooperate: write to us and a real engineer will answer.</p>
        </div>
      </section>
      <section className="page-section contact" aria-label="Contact options">
        <div className="contact__form card">
          <ContactForm subject={data.subject} form={data.form} />
        </div>
        <aside className="contact__details card" aria-labelledby="details-title">
          <h2 id="details-title">Other ways to reach us</h2>
          <ul>
            <li>
              <LineIcon name="phone" />
              <div>
                <span className="contact__label">Call the help desk</span>
                <a href={telHref(texts.telephone)}>{texts.telephone}</a>
              </div>
            </li>
            <li>
              <LineIcon name="mail" />
              <div>
                <span className="contact__label">Email</span>
                <a href={`mailto:${texts.email}`}>{texts.email}</a>
              </div>
            </li>
            <li>
              <LineIcon name="pin" />
              <div>
                <span className="contact__label">Visit</span>
                <span>{addressLine(texts)}</span>
              </div>
            </li>
            <li>
              <LineIcon name="clock" />
              <div>
                <span className="contact__label">Opening hours</span>
                <span>{texts.openingHours}</span>
              </div>
            </li>
          </ul>
        </aside>
      </section>
    </>
  );
}
