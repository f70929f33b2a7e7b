import { CtaBand } from '../components/cta-band';
import { LineIcon } from '../components/icons';
import { SectionHeader } from '../components/section-header';
import { ValueGrid } from '../components/value-grid';
import type { SitePageData } from '../../common/site-data';
import { DEFAULT_SITE_TEXTS, milestonesOf, paragraphsOf } from '../../common/site-texts';

export function AboutPage({ data }: { data: Extract<SitePageData, { page: 'about' }> }) {
  const texts = data.texts ?? DEFAULT_SITE_TEXTS;
  const milestones = milestonesOf(texts.aboutMilestones);
  return (
    <>
      <section className="page-hero" aria-labelledby="about-title">
        <div className="page-hero__inner">
          <p className="eyebrow">Our story</p>
          <h1 id="about-title">About Us</h1>
          <p className="lead">
            We are a local team of {data.teamCount > 0 ? data.teamCount : 'friendly'} engineers and specialists who believe computers should
            get out of the way, so the people using them can do their best work.
          </p>
        </div>
      </section>

      <section className="page-section story" aria-labelledby="story-title">
        <div className="story__text">
          <h2 id="story-title">From a garage help desk to your IT department</h2>
          {paragraphsOf(texts.aboutStory).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {milestones.length > 0 && (
          <ol className="timeline" aria-label="Milestones">
            {milestones.map((milestone, index) => (
              <li key={index}>
                <span className="timeline__year">{milestone.year}</span>
                <p>{milestone.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="band" aria-labelledby="about-values-title">
        <div className="page-section">
          <SectionHeader id="about-values-title" eyebrow="What we stand for" title="Our core values" />
          <ValueGrid values={data.coreValues} />
          <p className="section-link">
            <a href="/team">
              Meet the people behind these values <LineIcon name="arrow" size={18} />
            </a>
          </p>
        </div>
      </section>

      <CtaBand title="Let us take IT off your plate" texts={texts} />
    </>
  );
}
