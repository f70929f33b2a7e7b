import { DEFAULT_SITE_TEXTS } from '../../common/site-texts';
import { ContentPicture } from '../components/content-picture';
import { CtaBand } from '../components/cta-band';
import { ContentIcon } from '../../common/content-icon';
import { LineIcon } from '../components/icons';
import { NewsCard } from '../components/news-card';
import { SectionHeader } from '../components/section-header';
import { ValueGrid } from '../components/value-grid';
import { StarRating } from '../components/star-rating';
import { averageRating } from '../lib/people';
import type { SitePageData } from '../../common/site-data';

const PROMISES = [
  'Help desk answers in minutes, not days',
  'Backups restored and tested every quarter',
  'One fixed monthly price per person',
];

export function LandingPage({ data }: { data: Extract<SitePageData, { page: 'landing' }> }) {
  const texts = data.texts ?? DEFAULT_SITE_TEXTS;
  const average = averageRating(data.clientReviews.map((review) => review.rating));
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Managed IT for small and growing businesses</p>
            <h1 id="hero-title">{texts.headline}</h1>
            <p className="hero__lead">{texts.intro}</p>
            <div className="hero__actions">
              <a className="button button--primary" href="/support">
                {texts.callToAction} <LineIcon name="arrow" size={18} />
              </a>
              <a className="button button--ghost" href="#services">
                Explore our services
              </a>
            </div>
            <dl className="hero__facts">
              <div>
                <dt>Looking after businesses since</dt>
                <dd>2011</dd>
              </div>
              <div>
                <dt>Average first response</dt>
                <dd>&lt; 15 min</dd>
              </div>
              {average !== null ? (
                <div>
                  <dt>Client rating</dt>
                  <dd>{average.toFixed(1)} / 5</dd>
                </div>
              ) : null}
            </dl>
          </div>
          <div className="hero__card" aria-label="What every client gets" role="group">
            <p className="hero__card-title">Every plan includes</p>
            <ul>
              {PROMISES.map((promise) => (
                <li key={promise}>
                  <LineIcon name="check" size={22} />
                  <span>{promise}</span>
                </li>
              ))}
            </ul>
            <p className="hero__card-foot">
              <LineIcon name="clock" size={18} /> Support desk open {texts.openingHours}
            </p>
          </div>
        </div>
      </section>

      <section className="page-section" id="services" aria-labelledby="services-title">
        <SectionHeader id="services-title" eyebrow="What we do" title="Our services">
          Everything a business needs from an IT department, from the help desk to the three-year plan.
        </SectionHeader>
        <ul className="card-grid card-grid--services">
          {data.services.map((service) => (
            <li key={service.id} className="card service-card">
              {service.image ? (
                <ContentPicture
                  image={service.image}
                  alt=""
                  sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
                  className="service-card__image"
                />
              ) : (
                <span className="icon-badge">
                  <ContentIcon name={service.icon} />
                </span>
              )}
              <h3>{service.title}</h3>
              <p className="service-card__summary">{service.summary}</p>
              <p className="muted">{service.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="band" aria-labelledby="values-title">
        <div className="page-section">
          <SectionHeader id="values-title" eyebrow="How we work" title="Our core values">
            The promises behind every ticket we close and every plan we write.
          </SectionHeader>
          <ValueGrid values={data.coreValues} />
        </div>
      </section>

      <section className="page-section" aria-labelledby="reviews-title">
        <SectionHeader id="reviews-title" eyebrow="Our clients" title="What our clients say">
          Dental practices, law firms, schools and roasters: here is how it went for them.
        </SectionHeader>
        <ul className="card-grid card-grid--reviews">
          {data.clientReviews.map((review) => (
            <li key={review.id} className="card review-card">
              <figure>
                <StarRating rating={review.rating} />
                <blockquote>
                  <p>“{review.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{review.author}</strong>
                  <span className="muted">
                    {review.role}, {review.company}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      {data.news.length > 0 ? (
        <section className="page-section" aria-labelledby="news-title">
          <SectionHeader id="news-title" eyebrow="News" title="Latest from Northwind" />
          <ul className="card-grid news-grid">
            {data.news.map((article) => (
              <NewsCard key={article.slug} article={article} headingLevel={3} />
            ))}
          </ul>
          <p className="section-link">
            <a href="/news">
              All news <LineIcon name="arrow" size={18} />
            </a>
          </p>
        </section>
      ) : null}

      <CtaBand texts={texts} />
    </>
  );
}
