import type { AboutSection } from '@qiming/shared';
import { use } from 'react';
import { useSearchParams } from '../../hashLocation.ts';
import { labelledLines } from '../labelledLines.ts';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';
import { queryIndex } from './queryIndex.ts';

/** A section's entries: the first section's are its history, read as a timeline; the others' as cards. */
function SectionItems({ section }: { section: AboutSection }) {
  const items = labelledLines(section.items);
  if (items.length === 0) return null;
  return (
    <ol className={section.index === 0 ? styles.timeline : styles.itemCards}>
      {items.map((item) => (
        <li key={item.label + item.text}>
          <strong>{item.label}</strong>
          <span>{item.text}</span>
        </li>
      ))}
    </ol>
  );
}

/** The four about-us sections; `activeIndex` (0-3) picks the one shown, as the footer links ask. */
export default function AboutPage() {
  const sections = use(loadPublic<AboutSection[]>('about'));
  const search = useSearchParams();
  const active = queryIndex(search.get('activeIndex'), sections.length);
  const section = sections[active];
  return (
    <>
      <PageHeading path="/aboutUs" lead="启智育人，明德致远" />
      {sections.length === 0 && <EmptyNotice />}
      <div className={styles.split} hidden={sections.length === 0}>
        <nav aria-label="关于我们" className={styles.sideNav}>
          <ul>
            {sections.map((candidate) => (
              <li key={candidate.index}>
                <a href={`#/aboutUs?activeIndex=${candidate.index}`} aria-current={candidate.index === active ? 'page' : undefined}>
                  {candidate.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {section && (
          <article className={styles.article} data-testid="about-section">
            <h2>{section.title}</h2>
            {section.image && (
              <img
                key={section.image}
                className={styles.serviceImage}
                src={section.image}
                alt={`${section.title}插画`}
                width={640}
                height={360}
              />
            )}
            <p>{section.body}</p>
            <SectionItems section={section} />
          </article>
        )}
      </div>
    </>
  );
}
